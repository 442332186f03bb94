import type { Schema } from '../../../shared/api'
import { INTERNAL_SCHEMAS } from '../../../shared/constants'

/** Schemas the table list offers: everything but Postgres internals; protected ones are read-only. */
export function visibleSchemas(schemas: readonly Schema[]): Schema[] {
  const internal = INTERNAL_SCHEMAS as readonly string[]
  return schemas.filter((s) => !internal.includes(s.name) && !s.name.startsWith('pg_'))
}
