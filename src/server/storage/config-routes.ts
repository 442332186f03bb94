/**
 * Project storage settings (spec 7: GET/PATCH /platform/projects/{ref}/config/storage) and Project settings →
 * API (the project's API URL and keys; the secret ones only for users with tenant SQL admin write).
 */
import type { FastifyInstance } from 'fastify'
import { MSG } from '../../shared/messages'
import { isGranted } from '../../shared/permissions'
import { StorageConfigBody, type ProjectApiSettings, type StorageConfig } from '../../shared/storage'
import { parse } from '../errors'
import type { Permissions } from '../permissions'
import { projectByRef } from '../platform/projects'
import type { ProjectKeys } from '../platform/keys'
import { projectApiUrl } from './urls'

type G = { Params: { ref: string } }

export function storageConfigRoutes(app: FastifyInstance, keys: ProjectKeys, permissions: Permissions, studioUrl: string): void {
  const base = '/platform/projects/:ref'
  app.get<G>(`${base}/config/storage`, { preHandler: permissions.require('tenantSqlAdminRead') }, async (req): Promise<StorageConfig> =>
    keys.storageConfig(projectByRef(req.params.ref).ref))
  app.patch<G>(
    `${base}/config/storage`,
    { preHandler: permissions.require('storageAdminWrite', MSG.updateStorageSettingsPermission) },
    async (req): Promise<StorageConfig> => {
      const ref = projectByRef(req.params.ref).ref
      const { fileSizeLimit } = parse(StorageConfigBody, req.body)
      return keys.setStorageConfig(ref, fileSizeLimit)
    },
  )
  app.get<G>(`${base}/settings`, { preHandler: permissions.require('tenantSqlAdminRead') }, async (req): Promise<ProjectApiSettings> => {
    const ref = projectByRef(req.params.ref).ref
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
