/**
 * The explorer body's keys (spec 4): arrows move the cursor through a column and across columns,
 * Shift+arrows extend the selection, Enter opens a folder or previews a file, Space toggles the selection,
 * F2 renames, Escape cancels editing, then closes the preview, then clears the selection. Each is a
 * command; keys typed into a row's name field belong to that field.
 */
import type { KeyboardEvent } from 'react'
import { runAndReport } from '../../../commands-run'
import { explorer } from '../../../model/storage/explorer/explorer-state'

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
}

function command(event: KeyboardEvent): [string, Record<string, unknown>] | null {
  const direction = ARROWS[event.key]
  if (direction) {
    if (explorer.view === 'LIST' && direction === 'left') return ['storage.explorer.up', {}]
    if (explorer.view === 'LIST' && direction === 'right') return ['storage.item.activate', {}]
    return ['storage.item.focus-move', { direction, extend: event.shiftKey }]
  }
  if (event.key === 'Enter') return ['storage.item.activate', {}]
  if (event.key === ' ') return ['storage.item.toggle', {}]
  if (event.key === 'F2') return ['storage.item.rename-start', {}]
  if (event.key === 'Escape') return ['storage.explorer.dismiss', {}]
  return null
}

export function onExplorerKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const target = event.target as HTMLElement
  if (target.closest('input, textarea, button, [role="menu"]') && target !== event.currentTarget) return
  if (event.altKey || event.metaKey || event.ctrlKey) return
  const found = command(event)
  if (!found) return
  const needsCursor = found[0] === 'storage.item.activate' || found[0] === 'storage.item.toggle' || found[0] === 'storage.item.rename-start'
  if (needsCursor && !explorer.focus) return
  event.preventDefault()
  runAndReport(found[0], found[1], 'keys')
}
