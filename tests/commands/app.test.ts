/**
 * App commands run headless: the palette and help stores, the persisted theme, and changing or
 * resetting key bindings (with the conflicts the keymap test guards against refused).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import '../../commands/all'
import { getCommand } from '../../commands/registry'
import { bindingFor, keymap, resetOverrides } from '../../src/web/model/app/keys/keymap'
import { closePalette, palette } from '../../src/web/model/app/palette'
import { help, setHelpOpen } from '../../src/web/model/app/help'
import { setTheme, theme } from '../../src/web/model/app/theme'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'

// The palette, help, theme and keymap are local stores: nothing here reaches a database, so run once.
describe.each(targets().slice(0, 1))('app commands (no database: once) on $name', (target) => {
  let ctx: HeadlessContext

  beforeEach(() => {
    ctx = headlessContext(target)
    closePalette()
    setHelpOpen(false)
    resetOverrides()
  })
  afterEach(() => resetOverrides())

  it('app.palette.open opens the palette on the command list', async () => {
    palette.commandId = 'nav.table.open'
    await run('app.palette.open')
    expect(palette.open).toBe(true)
    expect(palette.commandId).toBeNull()
    expect(palette.search).toBe('')
  })

  it('app.help.toggle opens and closes the key bindings overlay', async () => {
    await run('app.help.toggle')
    expect(help.open).toBe(true)
    await run('app.help.toggle')
    expect(help.open).toBe(false)
  })

  it('app.theme.toggle switches light and dark, and says which is on', async () => {
    const cmd = getCommand('app.theme.toggle')!
    setTheme('light')
    expect(cmd.checked?.(ctx)).toBe(false)
    await run('app.theme.toggle')
    expect(theme.current).toBe('dark')
    expect(cmd.checked?.(ctx)).toBe(true)
    await run('app.theme.toggle')
    expect(theme.current).toBe('light')
  })

  it('app.keymap.set offers every command and rebinds one', async () => {
    const options = await getCommand('app.keymap.set')!.argOptions!.command!(ctx, {})
    expect(options).toContainEqual({ value: 'nav.table-editor.go', label: 'Go to Table Editor', hint: 'g t' })

    await run('app.keymap.set', { command: 'nav.table-editor.go', keys: 'g k' })
    expect(bindingFor('nav.table-editor.go')).toBe('g k')
    expect(ctx.toasts).toEqual([{ kind: 'success', message: 'Go to Table Editor is now G then K' }])
  })

  it('app.keymap.set refuses a binding in use or one that starts a sequence, and changes nothing', async () => {
    await expect(run('app.keymap.set', { command: 'nav.table-editor.go', keys: 'g h' })).rejects.toMatchObject({
      kind: 'invalid-args',
      message: 'keys: "g h" is bound to both nav.project.go and nav.table-editor.go',
    })
    await expect(run('app.keymap.set', { command: 'app.help.toggle', keys: 'g' })).rejects.toThrow(
      'keys: "g" (app.help.toggle) is also the start of',
    )
    await expect(run('app.keymap.set', { command: 'app.nothing.here', keys: 'x' })).rejects.toThrow(
      'Unknown command: app.nothing.here',
    )
    expect(keymap.overrides).toEqual({})
  })

  it('app.keymap.set refuses keys that are not tinykeys syntax', async () => {
    await expect(run('app.keymap.set', { command: 'nav.project.go', keys: 'Hyper+h' })).rejects.toMatchObject({
      kind: 'invalid-args',
    })
  })

  it('app.keymap.reset-overrides is disabled until a binding changed, then restores the defaults', async () => {
    await expect(run('app.keymap.reset-overrides')).rejects.toThrow('No key binding has been changed')
    await run('app.keymap.set', { command: 'nav.project.go', keys: 'g o' })
    await run('app.keymap.reset-overrides')
    expect(bindingFor('nav.project.go')).toBe('g h')
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: 'Key bindings reset to defaults' })
  })
})
