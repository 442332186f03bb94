/**
 * The addresses of a project's API: the settings page shows them, signed and public URLs start with them.
 * They come from the studio's configured address (STUDIO_PUBLIC_URL, or the bound one), never from a
 * request's Host header.
 */
export function projectApiUrl(studioUrl: string, ref: string): string {
  return `${studioUrl}/api/projects/${encodeURIComponent(ref)}`
}

export function storageUrl(studioUrl: string, ref: string): string {
  return `${projectApiUrl(studioUrl, ref)}/storage/v1`
}

/** `bucket/a folder/file?.txt` as a URL path: each segment encoded, so '?', '#' and '%' stay in the key. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')
