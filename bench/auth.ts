/**
 * `npm run bench:auth`: the auth service's sign-ins per second (POST /token?grant_type=password: one argon2id
 * verification each, @node-rs/argon2's defaults m=19456 KiB, t=2, p=1, plus the session's inserts), and
 * GET /user per second (JWT check + the session lookup + the user's row) beside the storage API's own JWT
 * check with the same token (GET /storage/v1/bucket: JWT check + a policy-filtered read), in one run, with
 * CONCURRENCY requests in flight. The studio runs in this process (a data directory of its own; PGlite,
 * and PostgreSQL too when DATABASE_URL or TEST_DATABASE_URL is set), so client and server share the CPU.
 * Counts: AUTH_BENCH_SIGNINS (default 200) and AUTH_BENCH_READS (default 2000). Prints one JSON line per
 * database; asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startStudio } from '../src/server/app'
import { projectApiUrl } from '../src/server/storage/urls'

const REF = 'default'
const SIGNINS = Number(process.env.AUTH_BENCH_SIGNINS ?? 200)
const READS = Number(process.env.AUTH_BENCH_READS ?? 2000)
const CONCURRENCY = 8

/** Runs `count` calls of `fn`, CONCURRENCY at a time; answers calls per second. */
async function rate(count: number, fn: () => Promise<void>): Promise<number> {
  let next = 0
  const start = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < count) await fn()
  }))
  return Math.round(count / ((performance.now() - start) / 1000))
}

async function ok(res: Response): Promise<unknown> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`)
  return res.json()
}

async function bench(name: string, databaseUrl?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'studio-bench-auth-'))
  const studio = await startStudio({ port: 0, dataDir: dir, databaseUrl, serveStatic: false, logger: false, password: 'bench-password' })
  try {
    await studio.auth.updateConfig(REF, { RATE_LIMIT_SIGN_IN_SIGN_UPS: 1_000_000, RATE_LIMIT_TOKEN_REFRESH: 1_000_000 })
    const { anonKey } = await studio.auth.keys.secrets(REF)
    const api = projectApiUrl(studio.url, REF)
    const email = `bench-${Date.now()}@example.com`
    const password = 'bench-password-1'
    await studio.auth.createUser(REF, { email, password, autoConfirm: true })
    const json = { apikey: anonKey, 'content-type': 'application/json' }
    const signIn = async () => {
      await ok(await fetch(`${api}/auth/v1/token?grant_type=password`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) }))
    }
    await signIn()
    const signInsPerSecond = await rate(SIGNINS, signIn)
    const { access_token: token } = (await ok(await fetch(`${api}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: json, body: JSON.stringify({ email, password }),
    }))) as { access_token: string }
    const headers = { apikey: anonKey, authorization: `Bearer ${token}` }
    const user = async () => void (await ok(await fetch(`${api}/auth/v1/user`, { headers })))
    const buckets = async () => void (await ok(await fetch(`${api}/storage/v1/bucket`, { headers })))
    await user()
    await buckets()
    // interleaved halves, so neither gets the warmer half of the run
    const half = Math.max(1, Math.floor(READS / 2))
    const u1 = await rate(half, user)
    const b1 = await rate(half, buckets)
    const b2 = await rate(half, buckets)
    const u2 = await rate(half, user)
    console.log(JSON.stringify({
      database: name, concurrency: CONCURRENCY, argon2: 'argon2id m=19456KiB t=2 p=1', signIns: SIGNINS, reads: READS,
      signInsPerSecond, userPerSecond: Math.round((u1 + u2) / 2), storageBucketsPerSecond: Math.round((b1 + b2) / 2),
    }))
  } finally {
    await studio.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await bench('pglite')
const pg = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (pg) await bench('postgres', pg)
