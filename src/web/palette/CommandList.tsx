/**
 * The palette's first page: the commands available here, recent ones first, then by area (a heading
 * each); while text is typed, the matches best first (rank.ts), the group with the best one first.
 */
import { useSnapshot } from 'valtio'
import {
  allCommands, currentContext, disabledReason, getCommand, isAvailable, type Command as Cmd,
} from '../../../commands/registry'
import type { CommandContext } from '../model/app/context'
import { MSG } from '../../shared/messages'
import { keymap, bindingFor } from '../model/app/keys/keymap'
import { openPalette, palette } from '../model/app/palette'
import { Kbd } from '../ui/Kbd'
import { areaLabel, orderAreas } from './areas'
import { useCommandInputs } from '../command-state'
import { runFromPalette } from './run'
import { rankCommand } from './rank'
import { groupRows, rankGroups, type RowGroup } from './list'
import { PaletteList } from './PaletteList'
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
    <>
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
    </>
  )
}

/** What the text typed is matched against: the title first (rankCommand weighs it most), the area, the keywords. */
const keywordsOfCommand = (cmd: Cmd): string[] => [cmd.title, areaLabel(cmd.area), ...(cmd.keywords ?? [])]

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
  const groups: RowGroup<Cmd>[] = [
    { key: 'recent', heading: 'Recent', items: recentCommands },
    ...orderAreas(rest.map((c) => c.area), ctx.route.id).map((area) => ({
      key: area,
      heading: areaLabel(area),
      items: rest.filter((c) => c.area === area),
    })),
  ]
  const ranked = rankGroups(groups, search, (c) => rankCommand(search, keywordsOfCommand(c)))
  const rows = groupRows(ranked, (c) => ({ key: c.id, disabled: disabledReason(c, ctx) !== null }))

  return (
    <PaletteList
      label="Command palette"
      placeholder="Type a command or search…"
      rows={rows}
      onPick={choose}
      renderOption={(c) => <CommandRow cmd={c} ctx={ctx} binding={bindingFor(c.id, overrides)} />}
      status={rows.length === 0 && <div className="palette-empty">{MSG.noResults}</div>}
    />
  )
}
