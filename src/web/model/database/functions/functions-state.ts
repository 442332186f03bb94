/** Which function panel is open: create (maybe prefilled, as the trigger form's "new function" does), or edit one. */
import { proxy } from 'valtio'
import type { FunctionFormValues } from './function-form'

export type FunctionPanelTarget =
  | { kind: 'create'; prefill?: Partial<FunctionFormValues> }
  | { kind: 'edit'; functionId: number }

export const functionsState = proxy({
  panel: null as FunctionPanelTarget | null,
  /** the function just created from the panel: the trigger form picks it */
  lastCreated: null as { schema: string; name: string } | null,
  /** bumped by the save command: the open panel submits its form */
  saveRequests: 0,
})

export function openFunctionPanel(target: FunctionPanelTarget): void {
  functionsState.panel = target
}

export function closeFunctionPanel(): void {
  functionsState.panel = null
}
