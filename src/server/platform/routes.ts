/** Self-hosted platform calls: studio info, the one project, and the user's grants. */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { Project, StudioInfo } from '../../shared/api'
import { DEFAULT_PROJECT_NAME, DEFAULT_PROJECT_REF } from '../../shared/constants'
import type { Driver } from '../db/driver'
import { notFound } from '../errors'
import type { Permissions } from '../permissions'

const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version

const DEFAULT_PROJECT: Project = {
  id: 1,
  ref: DEFAULT_PROJECT_REF,
  name: DEFAULT_PROJECT_NAME,
  status: 'ACTIVE_HEALTHY',
  connectionString: null,
  parent_project_ref: null,
}

export const projectNotFound = () => notFound('Project not found')

export function platformRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  app.get('/platform/studio', async (): Promise<StudioInfo> => ({ isPlatform: false, version: VERSION, database: db.kind }))
  app.get('/platform/projects', async (): Promise<Project[]> => [DEFAULT_PROJECT])
  app.get<{ Params: { ref: string } }>('/platform/projects/:ref', async (req): Promise<Project> => {
    if (req.params.ref !== DEFAULT_PROJECT_REF) throw projectNotFound()
    return DEFAULT_PROJECT
  })
  app.get('/platform/profile/permissions', async (req) => permissions.of(req))
}
