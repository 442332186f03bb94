/** SQL through the studio's /query as a script would call it (the automation token), for the benches' setup. */
import { BENCH_TOKEN } from './auth'

export async function query(url: string, sql: string): Promise<unknown> {
  const res = await fetch(`${url}/platform/pg-meta/default/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: sql }),
  })
  if (!res.ok) throw new Error(`query failed: ${res.status} ${await res.text()}`)
  return res.json()
}
