/**
 * Signs in once for the whole run, as the sign-in page does (POST /platform/sign-in with the password, from the
 * studio's own Origin), and saves the session cookie as the storage state every spec's browser starts with.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { request, type FullConfig } from '@playwright/test'
import { E2E_PASSWORD, baseURL, storageStateFile } from './auth'

export default async function globalSetup(_config: FullConfig) {
  const api = await request.newContext({ baseURL })
  try {
    const res = await api.post('/platform/sign-in', {
      data: { password: E2E_PASSWORD },
      headers: { origin: baseURL },
    })
    if (!res.ok()) throw new Error(`e2e sign-in failed: ${res.status()} ${await res.text()}`)
    await mkdir(dirname(storageStateFile), { recursive: true })
    await api.storageState({ path: storageStateFile })
  } finally {
    await api.dispose()
  }
}
