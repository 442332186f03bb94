/**
 * How the e2e run signs in. The e2e studio starts with this automation token (STUDIO_TOKEN) and dashboard
 * password (STUDIO_PASSWORD); fixed test values, never real secrets. Global setup signs in with the password
 * and saves the session cookie as the storage state every spec's browser starts with; the specs' own API
 * calls send the token as a bearer. playwright.config.ts hands both to the server as STUDIO_TOKEN and
 * STUDIO_PASSWORD. The server writes each sign-in link it prints to `signInLinkFile`.
 */
import { join, resolve } from 'node:path'

export const E2E_TOKEN = 'e2e-automation-token-0123456789abcdef'
export const E2E_PASSWORD = 'e2e correct horse battery staple'

/** The header that authenticates a spec's own API calls (scripts are exempt from the Origin rule). */
export const AUTH: Record<string, string> = { authorization: `Bearer ${E2E_TOKEN}` }

export const port = Number(process.env.E2E_PORT ?? 8093)
export const baseURL = `http://127.0.0.1:${port}`

/** Playwright's output directory (cleared before the server starts, so files written later survive the run). */
export const outputDir = resolve(process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e')
const authDir = join(outputDir, '.auth')
/** The newest sign-in link the server printed, one line; rewritten each time the last one was used. */
export const signInLinkFile = process.env.E2E_SIGN_IN_LINK_FILE ?? join(authDir, 'sign-in-link.txt')
/** The signed-in browser state (the session cookie) the specs start with. */
export const storageStateFile = join(authDir, 'storage-state.json')
