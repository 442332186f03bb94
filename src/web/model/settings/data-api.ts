/**
 * Project settings → API → Data API settings: the project's exposed schemas, extra search path and max
 * rows (GET/PATCH /platform/projects/{ref}/config/postgrest), the form's values and the schemas it offers.
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import type { Schema } from '../../../shared/api'
import { EXCLUDED_SCHEMAS, REST_DEFAULT_SCHEMAS, REST_MAX_ROWS_LIMIT } from '../../../shared/constants'
import { isSystemSchema, schemaList, type PostgrestConfig, type PostgrestConfigBody } from '../../../shared/contract/rest-config'
import { MSG } from '../../../shared/messages'
import type { Api } from '../../data/api'

export const postgrestConfigKey = (ref: string) => ['project', ref, 'settings', 'postgrest'] as const

export function postgrestConfigQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: postgrestConfigKey(ref), queryFn: () => api.postgrestConfig(ref) })
}

/** The settings as the command takes them: lists, and max rows (null: no limit). */
export interface DataApiSettings {
  schemas: string[]
  extraSearchPath: string[]
  maxRows: number | null
}

export const settingsOf = (c: PostgrestConfig): DataApiSettings => ({
  schemas: schemaList(c.db_schema),
  extraSearchPath: schemaList(c.db_extra_search_path),
  maxRows: c.max_rows,
})

export const bodyOf = (s: DataApiSettings): PostgrestConfigBody => ({
  db_schema: s.schemas.join(', '),
  db_extra_search_path: s.extraSearchPath.join(', '),
  max_rows: s.maxRows,
})

/** The form: schemas ticked (in the order ticked), the search path as text, max rows as digits (empty: no limit). */
export const DataApiForm = z.object({
  schemas: z.array(z.string()).min(1, MSG.dataApiSchemasRequired),
  extraSearchPath: z.string(),
  maxRows: z.string().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= REST_MAX_ROWS_LIMIT), MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT)),
})
export type DataApiValues = z.infer<typeof DataApiForm>

export const formValuesOf = (s: DataApiSettings): DataApiValues => ({
  schemas: s.schemas,
  extraSearchPath: s.extraSearchPath.join(', '),
  maxRows: s.maxRows === null ? '' : String(s.maxRows),
})

export const settingsOfForm = (v: DataApiValues): DataApiSettings => ({
  schemas: v.schemas,
  extraSearchPath: schemaList(v.extraSearchPath),
  maxRows: v.maxRows === '' ? null : Number(v.maxRows),
})

/**
 * The schemas the form offers: the database's own (not Postgres' or the platform's), the defaults and
 * whatever is exposed now, in name order with public first.
 */
export function schemaChoices(schemas: readonly Schema[], exposed: readonly string[]): string[] {
  const hidden = new Set<string>(EXCLUDED_SCHEMAS)
  const names = new Set([...schemas.map((s) => s.name).filter((n) => !isSystemSchema(n) && !hidden.has(n)), ...REST_DEFAULT_SCHEMAS, ...exposed])
  return [...names].sort((a, b) => (a === 'public' ? -1 : b === 'public' ? 1 : a.localeCompare(b)))
}

/** Ticks or unticks a schema, keeping the order the others were ticked in (the first is the default). */
export const toggleSchema = (selected: readonly string[], name: string, on: boolean): string[] =>
  on ? (selected.includes(name) ? [...selected] : [...selected, name]) : selected.filter((s) => s !== name)
