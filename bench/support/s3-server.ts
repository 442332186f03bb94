/**
 * The benchmarks' local S3 server (s3rver, tests/support/s3-server.ts) in a process of its own, so that
 * neither the client's work nor a synchronous call (curl) in the benchmark's process holds it up:
 * `node --import tsx bench/support/s3-server.ts <directory> <bucket>…` prints `S3 endpoint <url>` once it
 * listens and stops on SIGTERM.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { S3Options } from '../../src/server/storage/s3-config'
import { S3RVER_CREDENTIALS, startLocalS3 } from '../../tests/support/s3-server'

export interface S3Process {
  endpoint: string
  options(bucket: string): S3Options
  close(): Promise<void>
}

/** Starts the server in a child process. */
export function spawnLocalS3(directory: string, buckets: readonly string[]): Promise<S3Process> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), directory, ...buckets], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const endpoint = /S3 endpoint (\S+)/.exec(out)?.[1]
      if (!endpoint) return
      resolve({
        endpoint,
        options: (bucket) => ({ bucket, endpoint, region: 'us-east-1', ...S3RVER_CREDENTIALS, forcePathStyle: true }),
        close: async () => {
          const exited = new Promise((r) => child.once('exit', r))
          child.kill('SIGTERM')
          await exited
        },
      })
    })
    child.on('exit', (code) => reject(new Error(`the S3 server exited with ${code}: ${out}`)))
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [directory, ...buckets] = process.argv.slice(2)
  const local = await startLocalS3(directory!, buckets)
  console.log(`S3 endpoint ${local.endpoint}`)
  process.on('SIGTERM', () => void local.close().then(() => process.exit(0)))
}
