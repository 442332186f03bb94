/**
 * `npm start`: the studio on PORT (8082) and HOST (127.0.0.1), with the project database in
 * STUDIO_DATA_DIR (./.studio) or on the PostgreSQL server named by DATABASE_URL; the studio's own data in
 * PLATFORM_DATABASE_URL's database when set; object bytes under STUDIO_STORAGE_DIR (see README). `--demo` loads the sample schema.
 */
import { DEFAULT_PORT } from '../shared/constants'
import { startStudio } from './app'

const studio = await startStudio({
  port: Number(process.env.PORT ?? DEFAULT_PORT),
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.STUDIO_DATA_DIR ?? '.studio',
  databaseUrl: process.env.DATABASE_URL || undefined,
  platformDatabaseUrl: process.env.PLATFORM_DATABASE_URL || undefined,
  storageDir: process.env.STUDIO_STORAGE_DIR || undefined,
  demo: process.argv.includes('--demo'),
})
console.log(`Studio running at ${studio.url}`)
// Open the platform store now rather than on the first snippet call (an embedded PGlite takes seconds).
studio.store.get().catch((e: Error) => console.error(`studio: platform store failed to open: ${e.message}`))

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    studio.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e)
        process.exit(1)
      },
    )
  })
}
