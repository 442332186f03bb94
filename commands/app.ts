/** App-wide commands: the palette, the key bindings overlay, the theme, and changing key bindings. */
import { z } from 'zod'
import { allCommands, defineCommand, getCommand } from './registry'
import { openPalette } from '../src/web/model/app/palette'
import { toggleHelp } from '../src/web/model/app/help'
import { theme, toggleTheme } from '../src/web/model/app/theme'
import { KeyBinding, isMacPlatform } from '../src/web/model/app/keys/binding'
import { formatBinding } from '../src/web/model/app/keys/format'
import { bindingFor, effectiveKeymap, hasOverrides, resetOverrides, setBinding } from '../src/web/model/app/keys/keymap'
import { keymapProblems } from '../src/web/model/app/keys/validate'

export const openCommandPalette = defineCommand({
  id: 'app.palette.open',
  title: 'Open command palette',
  area: 'app',
  keywords: ['commands', 'search', 'actions'],
  run: () => openPalette(),
})

export const toggleKeyboardHelp = defineCommand({
  id: 'app.help.toggle',
  title: 'Show keyboard shortcuts',
  area: 'app',
  keywords: ['help', 'keys', 'bindings', 'shortcuts', 'hotkeys'],
  run: () => toggleHelp(),
})

export const toggleDarkTheme = defineCommand({
  id: 'app.theme.toggle',
  title: 'Toggle dark theme',
  area: 'app',
  keywords: ['theme', 'dark', 'light', 'appearance', 'mode'],
  checked: () => theme.current === 'dark',
  run: () => toggleTheme(),
})

/** Why `keys` cannot be bound to `command` (a conflict with the bindings in effect), or null. */
function rebindProblem(command: string, keys: string): string | null {
  const ids = new Set(allCommands().map((c) => c.id))
  if (!ids.has(command)) return `Unknown command: ${command}`
  const inEffect = Object.entries({ ...effectiveKeymap(), [command]: keys }).filter(([id]) => ids.has(id))
  return keymapProblems(Object.fromEntries(inEffect), ids)[0] ?? null
}

export const changeKeyBinding = defineCommand({
  id: 'app.keymap.set',
  title: 'Change a key binding',
  area: 'app',
  keywords: ['shortcut', 'keys', 'rebind', 'keymap', 'hotkey'],
  args: z.object({ command: z.string().min(1, 'Pick a command'), keys: KeyBinding }).superRefine((a, check) => {
    const problem = rebindProblem(a.command, a.keys)
    if (problem) check.addIssue({ code: 'custom', path: ['keys'], message: problem })
  }),
  argLabels: { command: 'Command to rebind', keys: 'New keys' },
  argOptions: {
    command: () => allCommands().map((c) => ({ value: c.id, label: c.title, hint: bindingFor(c.id) })),
  },
  run: (ctx, { command, keys }) => {
    setBinding(command, keys)
    ctx.toast.success(`${getCommand(command)?.title} is now ${formatBinding(keys, isMacPlatform()).join(' then ')}`)
  },
})

export const resetKeyBindings = defineCommand({
  id: 'app.keymap.reset-overrides',
  title: 'Reset key bindings to defaults',
  area: 'app',
  keywords: ['shortcut', 'keys', 'keymap', 'default'],
  enabled: () => hasOverrides() || 'No key binding has been changed',
  run: (ctx) => {
    resetOverrides()
    ctx.toast.success('Key bindings reset to defaults')
  },
})
