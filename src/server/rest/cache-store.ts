/** TODO(H2): the schema caches, one per project, loaded from the catalog and reloaded when it changes. */
import type { RestConfig } from '../../shared/rest'
import type { Driver } from '../db/driver'
import type { SchemaCache } from './schema-cache'

export class SchemaCaches {
  constructor(private readonly db: Driver) {}

  async get(_ref: string, config: RestConfig, _opts?: { reload?: boolean }): Promise<SchemaCache> {
    void this.db
    return { schemas: config.schemas, relations: new Map(), foreignKeys: [], functions: new Map() }
  }
}
