/** logs.all (shared/contract/analytics.ts): behind the sign-in, with the analytics read permission (spec 6). */
import type { FastifyInstance } from 'fastify'
import { analytics } from '../../shared/contract/analytics'
import type { LogsQueryError } from '../../shared/contract/analytics'
import { toErrorBody } from '../errors'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import type { PlatformStore } from '../platform/store'
import { route } from '../route'
import type { ProjectLogs } from './project-logs'
import { queryLogs } from './query'

export function logsRoutes(app: FastifyInstance, logs: ProjectLogs, platform: PlatformStore, permissions: Permissions): void {
  const read = { preHandler: [permissions.require('analyticsReadLogs'), knownProject] }
  route(app, analytics.logsAll, read, async ({ query, reply }) => {
    try {
      await logs.flush()
      return await queryLogs(await platform.get(), logs.store, query)
    } catch (e) {
      const body = toErrorBody(e)
      if (body.code !== 400) throw e
      const refused: LogsQueryError = { error: { message: body.message, ...(body.pgCode ? { code: body.pgCode } : {}) }, message: body.message }
      return reply.code(400).send(refused)
    }
  })
}
