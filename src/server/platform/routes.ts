/** Self-hosted platform calls: studio info, the one project, and the request's user and grants. */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { Project, StudioInfo } from '../../shared/api'
import type { Profile } from '../../shared/content'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { DEFAULT_PROJECT, projectByRef } from './projects'
import { profileOf, type Users } from './users'

const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version

export function platformRoutes(app: FastifyInstance, db: Driver, users: Users, permissions: Permissions): void {
  app.get('/platform/studio', async (): Promise<StudioInfo> => ({ isPlatform: false, version: VERSION, database: db.kind }))
  app.get('/platform/projects', async (): Promise<Project[]> => [DEFAULT_PROJECT])
  app.get<{ Params: { ref: string } }>('/platform/projects/:ref', async (req): Promise<Project> => projectByRef(req.params.ref))
  app.get('/platform/profile', async (req): Promise<Profile> => profileOf(users.of(req)))
  app.get('/platform/profile/permissions', async (req) => permissions.of(req))
}
