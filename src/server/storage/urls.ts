/** The addresses of a project's API as the browser reached the studio: the settings page shows them, signed and public URLs start with them. */
import type { FastifyRequest } from 'fastify'

/** The studio's own address as the browser reached it. */
export function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? req.hostname}`
}

export function projectApiUrl(req: FastifyRequest, ref: string): string {
  return `${origin(req)}/api/projects/${encodeURIComponent(ref)}`
}

export function storageUrl(req: FastifyRequest, ref: string): string {
  return `${projectApiUrl(req, ref)}/storage/v1`
}

/** `bucket/a folder/file?.txt` as a URL path: each segment encoded, so '?', '#' and '%' stay in the key. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')
