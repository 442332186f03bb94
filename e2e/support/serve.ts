/**
 * The e2e server: the built app over a fresh PGlite data directory with the demo schema loaded, removed at the
 * end. It starts with STUDIO_TOKEN and STUDIO_PASSWORD as its token and password, and writes each sign-in link
 * it is given to the file the specs read it from.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startStudio } from '../../src/server/app'
import { signInLinkFile } from './auth'

const { STUDIO_TOKEN: token, STUDIO_PASSWORD: password } = process.env
if (!token || !password) throw new Error('The e2e server needs STUDIO_TOKEN and STUDIO_PASSWORD (playwright.config.ts sets them)')
const dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-'))
await mkdir(dirname(signInLinkFile), { recursive: true })
// one write at a time, in order: the file always ends with the newest link
let writing = Promise.resolve()
const saveLink = (url: string) => {
  writing = writing.then(() => writeFile(signInLinkFile, `${url}\n`, { mode: 0o600 })).catch((e: unknown) => console.error(e))
}
const studio = await startStudio({
  port: Number(process.env.PORT),
  dataDir,
  demo: true,
  logger: false,
  token,
  password,
  onSignInLink: saveLink,
})
await studio.store.get()
console.log(`e2e studio at ${studio.url}`)
const stop = () =>
  void studio
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
