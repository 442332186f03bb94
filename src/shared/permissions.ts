/** Permissions of spec section 6. The server enforces them; the web hides or disables with the reason. */
export const PERMISSIONS = {
  tenantSqlAdminRead: { action: 'tenant:Sql:Admin:Read', resource: 'tables' },
  tenantSqlAdminWrite: { action: 'tenant:Sql:Admin:Write', resource: 'tables' },
  sqlAdminWriteColumns: { action: 'tenant:Sql:Admin:Write', resource: 'columns' },
  sqlAdminWritePolicies: { action: 'tenant:Sql:Admin:Write', resource: 'policies' },
  writeTables: { action: 'tenant:Sql:Write:Tables', resource: 'tables' },
  analyticsReadLogs: { action: 'analytics:Read', resource: 'logflare' },
  storageAdminWrite: { action: 'storage:Admin:Write', resource: '*' },
  createUserContent: { action: 'tenant:Sql:CreateUserContent', resource: 'snippets' },
  /** spec 6 project_auth:all: the Authentication settings pages (providers, rate limits, templates, URLs, hooks, emails) and managing users */
  projectAuthAll: { action: 'project_auth:all', resource: 'auth' },
  /** spec 6 project_storage:all: the storage product (its logs and its report among others) */
  projectStorageAll: { action: 'project_storage:all', resource: 'storage' },
} as const
export type PermissionName = keyof typeof PERMISSIONS

/** A grant as the server lists it: '*' matches anything. */
export interface Grant { actions: string[]; resources: string[] }

export function isGranted(grants: readonly Grant[], name: PermissionName): boolean {
  const { action, resource } = PERMISSIONS[name]
  return grants.some(
    (g) =>
      (g.actions.includes('*') || g.actions.includes(action)) &&
      (g.resources.includes('*') || g.resources.includes(resource)),
  )
}

/** Self-hosted: the one user owns the one project and may do everything. */
export const SELF_HOSTED_GRANTS: Grant[] = [{ actions: ['*'], resources: ['*'] }]
