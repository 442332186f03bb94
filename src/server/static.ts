/**
 * Serves the built web app from ./dist: files as they are or as the build's brotli / gzip copies (hashed
 * assets cached for good, index.html never), and index.html for any other GET that names a route rather
 * than a file (the SPA's routes). API paths and missing files get the JSON 404. The catch-all route is
 * public (the sign-in page is part of the app); src/server/security/guard.ts still asks for a session on
 * every dashboard path it would match.
 */
import { existsSync, statSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from './errors'

/** STUDIO_DIST_DIR lets parallel e2e runs each serve their own build. */
const DIST = process.env.STUDIO_DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url))
const API_PREFIXES = ['/platform/', '/api/']

export const isApiPath = (path: string) => path === '/platform' || API_PREFIXES.some((p) => path.startsWith(p))
const isFile = (path: string) => /\.[^/]*$/.test(path)
const built = () => existsSync(`${DIST}/index.html`)

/** The app's page; hashed assets may be cached for good, the page itself must be asked for every time. */
export function sendIndex(reply: FastifyReply) {
  if (!built()) throw notFound('The web app is not built: run `npm run build`, then start the studio again')
  return reply.header('cache-control', 'no-cache').sendFile('index.html')
}

function existingFile(path: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null // a malformed escape names no file
  }
  const relative = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, '').replace(/^\/+/, '')
  if (!relative || relative.includes('\0')) return null
  try {
    return statSync(join(DIST, relative)).isFile() ? relative : null
  } catch {
    return null
  }
}

export async function serveApp(app: FastifyInstance): Promise<void> {
  if (!built()) console.warn(`studio: no built app in ${DIST}; run \`npm run build\` first (\`npm start\` does both).`)
  // sendFile only; the one route below decides what is served (send() itself refuses paths outside DIST).
  // preCompressed: the build's `.br` / `.gz` copy of a file (vite.config.ts) to a browser that accepts it.
  await app.register(fastifyStatic, { root: DIST, serve: false, cacheControl: false, preCompressed: true })

  app.get('/*', { config: { access: 'public' } }, async (request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (isApiPath(path)) throw notFound(`Not found: ${request.method} ${path}`)
    const file = existingFile(path)
    if (file) {
      const hashed = file.startsWith('assets/')
      return reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file)
    }
    if (isFile(path)) throw notFound(`Not found: ${request.method} ${path}`)
    return sendIndex(reply)
  })
}
