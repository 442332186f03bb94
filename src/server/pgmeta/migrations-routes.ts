/** GET the migration history (read-only: migrations are applied by the Supabase CLI, not from here). */
import type { FastifyInstance } from 'fastify'
import { pgMetaMigrations } from '../../shared/contract/pg-meta-migrations'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { listMigrations } from './migrations'

export function migrationRoutes(app: FastifyInstance, db: Driver, _permissions: Permissions): void {
  route(app, pgMetaMigrations.migrations, () => listMigrations(db))
}
