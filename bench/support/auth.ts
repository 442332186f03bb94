/** Benchmarks call the dashboard API as a script would: with an automation token (STUDIO_TOKEN) as bearer. */
import { randomBytes } from 'node:crypto'

export const BENCH_TOKEN = randomBytes(24).toString('base64url')
export const BENCH_AUTH: Record<string, string> = { authorization: `Bearer ${BENCH_TOKEN}` }
