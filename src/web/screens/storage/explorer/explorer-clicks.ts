/**
 * What a click on a row of the explorer runs (spec 4): on the row, ⌘/Ctrl toggles the item, Shift selects
 * the range from the last selected item, a plain click opens a folder or previews a file; on the row's
 * checkbox, Shift selects the range too, else it toggles.
 */
import type { CommandId } from '../../../../../commands/all'

export interface ClickKeys {
  shiftKey: boolean
  metaKey: boolean
  ctrlKey: boolean
}

export type ClickCommand = [id: CommandId, args: { path: string }]

export function rowClickCommand(path: string, keys: ClickKeys): ClickCommand {
  if (keys.metaKey || keys.ctrlKey) return ['storage.item.toggle', { path }]
  if (keys.shiftKey) return ['storage.item.select-range', { path }]
  return ['storage.item.select', { path }]
}

export function checkboxClickCommand(path: string, keys: Pick<ClickKeys, 'shiftKey'>): ClickCommand {
  return [keys.shiftKey ? 'storage.item.select-range' : 'storage.item.toggle', { path }]
}
