import { describe, expect, it } from 'vitest'
import { keys } from '../../src/web/model/project/keys'

describe('query keys', () => {
  it('keeps everything shaped by a table under one prefix, so a DDL change is one invalidation', () => {
    const tables = keys.tables('p')
    const shaped = [
      keys.entities('p'), keys.relations('p'), keys.table('p', 1), keys.tableDefinition('p', 1), keys.schemaTables('p', 'public'),
      keys.completionTables('p'),
    ]
    for (const key of shaped) expect(key.slice(0, tables.length)).toEqual([...tables])
    // rows and counts are data, not structure: a DDL change refreshes them per table
    expect(keys.rows('p', 1).slice(0, tables.length)).not.toEqual([...tables])
  })

  it('puts every project resource under its project', () => {
    for (const key of [keys.schemas('p'), keys.policies('p'), keys.roles('p'), keys.snippets('p'), keys.buckets('p'), keys.storageConfig('p'), keys.apiSettings('p')]) {
      expect(key.slice(0, 2)).toEqual(['project', 'p'])
    }
    expect(new Set([keys.policies('p'), keys.roles('p'), keys.snippets('p'), keys.buckets('p')].map((k) => k.join('/'))).size).toBe(4)
  })
})
