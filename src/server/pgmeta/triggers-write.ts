/** Creating, changing and dropping triggers, inside the caller's transaction; every name quoted. */
import type { z } from 'zod'
import type { PgTrigger, TriggerCreateBody, TriggerEnabledMode, TriggerUpdateBody } from '../../shared/contract/pg-meta-triggers'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { notFound } from '../errors'

const ENABLE: Record<TriggerEnabledMode, string> = {
  ORIGIN: 'enable trigger',
  DISABLED: 'disable trigger',
  REPLICA: 'enable replica trigger',
  ALWAYS: 'enable always trigger',
}

async function relation(db: Queryable, tableId: number): Promise<{ schema: string; name: string }> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.oid = $1::oid`,
    [tableId],
  )
  if (!rows[0]) throw notFound(`Table ${tableId} not found`)
  return rows[0]
}

/** Creates the trigger; its oid. */
export async function createTrigger(db: Queryable, body: z.output<typeof TriggerCreateBody>): Promise<number> {
  const table = await relation(db, body.table_id)
  const events = [...new Set(body.events)].join(' or ')
  const sql = [
    `create trigger ${quoteIdent(body.name)}`,
    `${body.activation.toLowerCase()} ${events.toLowerCase()}`,
    `on ${quoteQualified(table.schema, table.name)}`,
    `for each ${body.orientation.toLowerCase()}`,
    body.condition ? `when (${body.condition})` : '',
    `execute function ${quoteQualified(body.function_schema, body.function_name)}(${body.function_args.map(quoteLiteral).join(', ')})`,
  ].filter(Boolean).join('\n')
  await db.query(sql)
  const on = quoteQualified(table.schema, table.name)
  if (body.enabled_mode && body.enabled_mode !== 'ORIGIN') await db.query(`alter table ${on} ${ENABLE[body.enabled_mode]} ${quoteIdent(body.name)}`)
  const { rows } = await db.query<{ oid: number }>('select oid from pg_catalog.pg_trigger where tgrelid = $1::oid and tgname = $2', [body.table_id, body.name])
  return rows[0]?.oid ?? 0
}

/** Enables or disables the trigger and renames it (in that order). */
export async function updateTrigger(db: Queryable, trigger: PgTrigger, body: z.output<typeof TriggerUpdateBody>): Promise<void> {
  const on = quoteQualified(trigger.schema, trigger.table)
  if (body.enabled_mode && body.enabled_mode !== trigger.enabled_mode) {
    await db.query(`alter table ${on} ${ENABLE[body.enabled_mode]} ${quoteIdent(trigger.name)}`)
  }
  if (body.name !== undefined && body.name !== trigger.name) {
    await db.query(`alter trigger ${quoteIdent(trigger.name)} on ${on} rename to ${quoteIdent(body.name)}`)
  }
}

export async function dropTrigger(db: Queryable, trigger: PgTrigger, cascade = false): Promise<void> {
  await db.query(`drop trigger ${quoteIdent(trigger.name)} on ${quoteQualified(trigger.schema, trigger.table)}${cascade ? ' cascade' : ''}`)
}
