/** The trigger form: its fields and the create call's body. */
import { z } from 'zod'
import { MSG } from '../../../../shared/messages'
import { TRIGGER_ACTIVATIONS, TRIGGER_EVENTS, TRIGGER_ORIENTATIONS, type TriggerCreateBody } from '../../../../shared/contract/pg-meta-triggers'

export const TriggerForm = z.object({
  name: z.string().trim().min(1, MSG.triggerNameRequired).max(63, 'A trigger name can be at most 63 characters'),
  tableId: z.number({ error: 'Pick a table' }).int().positive('Pick a table'),
  events: z.array(z.enum(TRIGGER_EVENTS)).min(1, 'Pick at least one event'),
  activation: z.enum(TRIGGER_ACTIVATIONS),
  orientation: z.enum(TRIGGER_ORIENTATIONS),
  condition: z.string().trim(),
  /** schema.name of a function returning trigger */
  fn: z.string().min(1, 'Pick a function'),
})
export type TriggerFormValues = z.infer<typeof TriggerForm>

export const triggerFormDefaults = (tableId?: number): TriggerFormValues => ({
  name: '', tableId: tableId ?? 0, events: ['INSERT'], activation: 'BEFORE', orientation: 'ROW', condition: '', fn: '',
})

/** `schema.name` → its two parts (a name holding a dot stays whole after the first dot). */
export function splitFunction(fn: string): { function_schema: string; function_name: string } {
  const at = fn.indexOf('.')
  return { function_schema: fn.slice(0, at), function_name: fn.slice(at + 1) }
}

export function triggerBody(values: TriggerFormValues): TriggerCreateBody {
  return {
    name: values.name,
    table_id: values.tableId,
    ...splitFunction(values.fn),
    events: values.events,
    activation: values.activation,
    orientation: values.orientation,
    ...(values.condition ? { condition: values.condition } : {}),
  }
}
