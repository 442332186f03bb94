/** Whether the trigger form is open, and on which table it starts. */
import { proxy } from 'valtio'

export const triggersState = proxy({ panel: null as { kind: 'create'; tableId?: number } | null })

export function openTriggerPanel(tableId?: number): void {
  triggersState.panel = { kind: 'create', ...(tableId === undefined ? {} : { tableId }) }
}

export function closeTriggerPanel(): void {
  triggersState.panel = null
}
