/** The e2e server: the built app over a fresh PGlite data directory with the demo schema loaded, removed at the end. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStudio } from '../../src/server/app'

const dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-'))
const studio = await startStudio({ port: Number(process.env.PORT), dataDir, demo: true, logger: false })
await studio.store.get()
console.log(`e2e studio at ${studio.url}`)
const stop = () =>
  void studio
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
