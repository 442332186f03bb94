/** The little of s3rver (3.7.1, no types of its own) the tests use: tests/support/s3-server.ts. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface S3rverOptions {
    directory: string
    silent?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    configureBuckets(): Promise<void>
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    logger?: { close?(): void }
  }
}
