/** The palette's first page: the commands available here, recent ones first, then by area. */
import { Command } from 'cmdk'
import { useSnapshot } from 'valtio'
import {
  allCommands, currentContext, disabledReason, getCommand, isAvailable, type Command as Cmd,
} from '../../../commands/registry'
import type { CommandContext } from '../model/app/context'
import { MSG } from '../../shared/messages'
import { keymap, bindingFor } from '../model/app/keys/keymap'
import { openPalette, palette, setPaletteSearch } from '../model/app/palette'
import { Kbd } from '../ui/Kbd'
import { areaLabel, orderAreas } from './areas'
import { useCommandInputs } from '../command-state'
import { runFromPalette } from './run'
import { rankCommand } from './rank'
import { argSteps } from './steps'

function choose(cmd: Cmd): void {
  if (argSteps(cmd).length) openPalette(cmd.id)
  else runFromPalette(cmd.id, {})
}

function CommandRow({ cmd, ctx, binding }: { cmd: Cmd; ctx: CommandContext; binding: string | undefined }) {
  const reason = disabledReason(cmd, ctx)
  const checked = cmd.checked?.(ctx)
  const asks = argSteps(cmd).length > 0
  return (
    <Command.Item
      value={cmd.id}
      keywords={[cmd.title, areaLabel(cmd.area), ...(cmd.keywords ?? [])]}
      disabled={reason !== null}
      onSelect={() => choose(cmd)}
      className="palette-item"
    >
      <span className="palette-item__main">
        <span className="palette-item__title">
          {cmd.title}
          {asks && <span className="palette-item__more">…</span>}
        </span>
        {reason && <span className="palette-item__reason">{reason}</span>}
      </span>
      {checked !== undefined && (
        <span className={`palette-item__state${checked ? ' is-on' : ''}`}>{checked ? 'On' : 'Off'}</span>
      )}
      {binding && <Kbd binding={binding} />}
    </Command.Item>
  )
}

export function CommandList() {
  const { search, recent } = useSnapshot(palette)
  const { overrides } = useSnapshot(keymap)
  useCommandInputs() // when, enabled and checked are asked again whenever what they read changes

  const ctx = currentContext()
  const available = allCommands().filter((c) => !c.hidden && isAvailable(c, ctx))
  // while searching, recent commands rank by match like the rest (a separate group would always win)
  const recentCommands = search.trim()
    ? []
    : recent.map((id) => getCommand(id)).filter((c): c is Cmd => c !== undefined && available.includes(c))
  const rest = available.filter((c) => !recentCommands.includes(c))
  const areas = orderAreas(rest.map((c) => c.area), ctx.route.id)
  const row = (c: Cmd) => <CommandRow key={c.id} cmd={c} ctx={ctx} binding={bindingFor(c.id, overrides)} />

  return (
    <Command
      label="Command palette"
      loop
      vimBindings={false}
      filter={(_value, typed, keywords) => rankCommand(typed, keywords ?? [])}
      className="palette-command"
    >
      <div className="palette-input-row">
        <Command.Input
          autoFocus
          className="palette-input"
          placeholder="Type a command or search…"
          value={search}
          onValueChange={setPaletteSearch}
        />
      </div>
      <Command.List className="palette-list">
        <Command.Empty className="palette-empty">{MSG.noResults}</Command.Empty>
        {recentCommands.length > 0 && (
          <Command.Group heading="Recent" className="palette-group">
            {recentCommands.map(row)}
          </Command.Group>
        )}
        {areas.map((area) => (
          <Command.Group key={area} heading={areaLabel(area)} className="palette-group">
            {rest.filter((c) => c.area === area).map(row)}
          </Command.Group>
        ))}
      </Command.List>
    </Command>
  )
}
