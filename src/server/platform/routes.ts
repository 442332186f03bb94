/** Self-hosted platform calls: studio info, the one project, and the request's user and grants. */
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { platform } from '../../shared/contract/platform'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { DEFAULT_PROJECT, projectByRef } from './projects'
import { profileOf, type Users } from './users'

const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version

/** A preHandler: 404 'Project not found' unless the route's :ref names a project of this studio. */
export async function knownProject(req: FastifyRequest): Promise<void> {
  projectByRef((req.params as { ref: string }).ref)
}

export function platformRoutes(app: FastifyInstance, db: Driver, users: Users, permissions: Permissions): void {
  route(app, platform.studio, () => ({ isPlatform: false, version: VERSION, database: db.kind }))
  route(app, platform.projects, () => [DEFAULT_PROJECT])
  route(app, platform.project, ({ params }) => projectByRef(params.ref))
  route(app, platform.profile, ({ req }) => profileOf(users.of(req)))
  route(app, platform.permissions, ({ req }) => [...permissions.of(req)])
}
