/**
 * What is typed in the SQL editor, per snippet id, before it reaches the server: kept in local storage
 * so nothing typed is lost on a reload. The editor writes here; autosave reads and clears it.
 */
import { proxy, subscribe } from 'valtio'
import { readJson, writeJson } from '../app/local-storage'

const KEY = 'studio.sql.drafts'

export interface Draft {
  sql: string
  /** when it was typed (ms), so autosave and a reload can tell which copy is newer */
  at: number
}

function parseDrafts(value: unknown): Record<string, Draft> | undefined {
  if (!value || typeof value !== 'object') return undefined
  const drafts: Record<string, Draft> = {}
  for (const [id, d] of Object.entries(value as Record<string, Partial<Draft>>)) {
    if (typeof d?.sql === 'string' && typeof d.at === 'number') drafts[id] = { sql: d.sql, at: d.at }
  }
  return drafts
}

export const sqlDrafts = proxy<Record<string, Draft>>(readJson(KEY, parseDrafts) ?? {})
subscribe(sqlDrafts, () => writeJson(KEY, sqlDrafts))

export function setDraftSql(id: string, sql: string): void {
  sqlDrafts[id] = { sql, at: Date.now() }
}

export function clearDraft(id: string): void {
  delete sqlDrafts[id]
}
