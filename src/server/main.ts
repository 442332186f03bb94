/**
 * `npm start`: the studio on PORT (8082) and HOST (127.0.0.1), with the project database in
 * STUDIO_DATA_DIR (./.studio) or on the PostgreSQL server named by DATABASE_URL; the studio's own data in
 * PLATFORM_DATABASE_URL's database when set; object bytes under STUDIO_STORAGE_DIR, or in the S3 bucket
 * STORAGE_S3_BUCKET (with STORAGE_S3_ENDPOINT, _REGION, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY); sign-in with
 * STUDIO_PASSWORD / STUDIO_TOKEN, reached as STUDIO_PUBLIC_URL, answering STUDIO_ALLOWED_HOSTS (see README).
 * `--demo` loads the sample schema.
 */
import { DEFAULT_PORT } from '../shared/constants'
import { startStudio, type Studio } from './app'
import { s3OptionsFromEnv } from './storage/s3-config'
import { parseHostList } from './security/hosts'
import { logsOptionsFromEnv } from './logs/env'

let announced = false
/** The first link comes with the address; later ones (after each use) alone. */
function printLink(link: string) {
  if (!announced) console.log(`Studio running at ${link.slice(0, link.lastIndexOf('/?token='))}`)
  announced = true
  // Automation reads this line: keep the link's form, `<studio URL>/?token=<token>`.
  console.log(`Sign in (the link works once): ${link}`)
}

let studio: Studio
try {
  studio = await startStudio({
    port: Number(process.env.PORT ?? DEFAULT_PORT),
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: process.env.STUDIO_DATA_DIR ?? '.studio',
    databaseUrl: process.env.DATABASE_URL || undefined,
    platformDatabaseUrl: process.env.PLATFORM_DATABASE_URL || undefined,
    storageDir: process.env.STUDIO_STORAGE_DIR || undefined,
    s3: s3OptionsFromEnv(process.env),
    token: process.env.STUDIO_TOKEN || undefined,
    password: process.env.STUDIO_PASSWORD || undefined,
    publicUrl: process.env.STUDIO_PUBLIC_URL || undefined,
    allowedHosts: parseHostList(process.env.STUDIO_ALLOWED_HOSTS),
    logs: logsOptionsFromEnv(process.env),
    demo: process.argv.includes('--demo'),
    onGeneratedPassword: (password) =>
      console.log(`Dashboard password (shown this once; set STUDIO_PASSWORD to choose your own): ${password}`),
    onSignInLink: printLink,
  })
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}

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
