/**
 * Project storage settings (spec 7: GET/PATCH /platform/projects/{ref}/config/storage) and Project settings →
 * API (the project's API URL and keys; the secret ones only for users with tenant SQL admin write).
 */
import type { FastifyInstance } from 'fastify'
import { storage } from '../../shared/contract/storage'
import { MSG } from '../../shared/messages'
import { isGranted } from '../../shared/permissions'
import type { Permissions } from '../permissions'
import type { ProjectKeys } from '../platform/keys'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import { projectApiUrl } from './urls'

export function storageConfigRoutes(app: FastifyInstance, keys: ProjectKeys, permissions: Permissions, studioUrl: string): void {
  // The permission first, then the project, then the body.
  const read = { preHandler: [permissions.require('tenantSqlAdminRead'), knownProject] }
  route(app, storage.storageConfig, read, ({ params }) => keys.storageConfig(params.ref))
  route(
    app,
    storage.updateStorageConfig,
    { preHandler: [permissions.require('storageAdminWrite', MSG.updateStorageSettingsPermission), knownProject] },
    ({ params, body }) => keys.setStorageConfig(params.ref, body.fileSizeLimit),
  )
  route(app, storage.apiSettings, read, async ({ params: { ref }, req }) => {
    const secrets = await keys.secrets(ref)
    // The service key and the JWT secret open everything: only for those who may change the project anyway.
    const mayWrite = isGranted(permissions.of(req), 'tenantSqlAdminWrite')
    const apiUrl = projectApiUrl(studioUrl, ref)
    return {
      api_url: apiUrl,
      storage_url: `${apiUrl}/storage/v1`,
      anon_key: secrets.anonKey,
      service_role_key: mayWrite ? secrets.serviceRoleKey : null,
      jwt_secret: mayWrite ? secrets.jwtSecret : null,
    }
  })
}
