/** Running SQL from the SQL editor, and formatting it. */
import { format } from 'sql-formatter'
import type { Row } from '../../shared/api'
import type { Driver } from '../db/driver'
import { badRequest } from '../errors'

/** Runs one or more statements; answers the rows of the last one. */
export async function runQuery(db: Driver, sql: string): Promise<Row[]> {
  const results = await db.script(sql)
  return results.at(-1)?.rows ?? []
}

export function formatQuery(sql: string): string {
  try {
    return format(sql, { language: 'postgresql' })
  } catch (e) {
    throw badRequest(`Could not format the query: ${(e as Error).message}`)
  }
}
