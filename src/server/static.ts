/**
 * Serves the built web app from ./dist, with index.html for any other GET that names a route rather
 * than a file (the SPA's routes); API paths and missing files get the JSON 404.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { notFound } from './errors'

/** STUDIO_DIST_DIR lets parallel e2e runs each serve their own build. */
const DIST = process.env.STUDIO_DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url))
const API_PREFIXES = ['/platform/', '/api/', '/storage/']

const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p))
const isFile = (url: string) => /\.[^/]*$/.test(url.split('?')[0] ?? '')

export async function serveApp(app: FastifyInstance): Promise<void> {
  const built = existsSync(`${DIST}/index.html`)
  if (built) await app.register(fastifyStatic, { root: DIST, wildcard: false })
  else console.warn(`studio: no built app in ${DIST}; run \`npm run build\` first (\`npm start\` does both).`)

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || isApi(request.url) || isFile(request.url)) throw notFound(`Not found: ${request.method} ${request.url}`)
    if (!built) throw notFound('The web app is not built: run `npm run build`, then start the studio again')
    return reply.type('text/html').sendFile('index.html')
  })
}
