/**
 * The server's own permission check (spec section 6): hiding a button is a courtesy, this is the control.
 * Self-hosted, the one user holds every grant unless the studio is started with fewer (tests do); a test
 * user (platform/users.ts) holds its own grants, or the studio's.
 */
import type { FastifyRequest } from 'fastify'
import { MSG } from '../shared/messages'
import { isGranted, type Grant, type PermissionName } from '../shared/permissions'
import { forbidden } from './errors'
import { Users } from './platform/users'

/** What a refusal says, per permission: the spec's generic notice with the resource it guards. */
const REFUSALS: Record<PermissionName, string> = {
  tenantSqlAdminRead: MSG.noPermissionTables,
  tenantSqlAdminWrite: 'run queries on this project',
  sqlAdminWriteColumns: 'change columns',
  sqlAdminWritePolicies: 'edit RLS policies',
  writeTables: 'change tables',
  analyticsReadLogs: 'read logs',
  storageAdminWrite: 'change storage',
  createUserContent: 'create queries',
  projectAuthAll: 'manage authentication',
  projectStorageAll: 'use storage',
}

export class Permissions {
  constructor(
    private readonly grants: readonly Grant[],
    private readonly users = new Users(),
  ) {}

  /** The grants of the request's user. */
  of(request: FastifyRequest): readonly Grant[] {
    return this.users.of(request).grants ?? this.grants
  }

  /** Throws 403 with `refusal` (by default the spec's notice for `name`) unless the user holds `name`. */
  check(request: FastifyRequest, name: PermissionName, refusal = MSG.noPermission(REFUSALS[name])): void {
    if (!isGranted(this.of(request), name)) throw forbidden(refusal)
  }

  /** A preHandler that answers 403 with `refusal` unless the user holds `name`. */
  require(name: PermissionName, refusal?: string) {
    return async (request: FastifyRequest) => this.check(request, name, refusal)
  }
}
