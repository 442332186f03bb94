/** Serves the built web app from ./dist, with index.html for any non-API GET (the SPA routes). */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { notFound } from './errors'

const DIST = fileURLToPath(new URL('../../dist', import.meta.url))
const API_PREFIXES = ['/platform/', '/api/', '/storage/']

const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p))

export async function serveApp(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${DIST}/index.html`)
  if (built) await app.register(fastifyStatic, { root: DIST, wildcard: false })
  else console.warn(`studio: no built app in ${DIST}; run \`npm run build\` first (\`npm start\` does both).`)

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || isApi(request.url)) throw notFound(`Not found: ${request.method} ${request.url}`)
    if (!built) throw notFound('The web app is not built: run `npm run build`, then start the studio again')
    return reply.type('text/html').sendFile('index.html')
  })
}
