/**
 * The data directory belongs to one studio at a time, and to its user only. `lockDataDir` takes
 * `${dir}/studio.lock` (the holder's pid) before any database is opened; a second studio is refused with
 * the directory and the holder's pid. A lock left by a process that is gone is taken over. `makePrivate`
 * sets every directory to 0700 and every file to 0600, whatever the umask or what PGlite made.
 */
import { chmod, mkdir, open, readFile, readdir, unlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'

export const LOCK_FILE = 'studio.lock'

export class DataDirLocked extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `studio: the data directory ${dir} is in use by another studio (pid ${pid}). ` +
        'Stop that one first, or give this one another STUDIO_DATA_DIR.',
    )
    this.name = 'DataDirLocked'
  }
}

/** Directories this process holds (a pid equal to ours in a lock file is stale unless listed here). */
const held = new Set<string>()

function alive(pid: number, dir: string): boolean {
  if (pid === process.pid) return held.has(dir)
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' // alive, another user's
  }
}

export interface DataDirLock {
  release(): Promise<void>
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const path = join(dir, LOCK_FILE)
  const holder = async () => Number((await readFile(path, 'utf8').catch(() => '')).trim())
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600)
      await file.writeFile(`${process.pid}\n`)
      await file.close()
      held.add(dir)
      return {
        async release() {
          held.delete(dir)
          if ((await holder()) === process.pid) await unlink(path).catch(() => undefined)
        },
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const pid = await holder()
    if (Number.isInteger(pid) && pid > 0 && alive(pid, dir)) throw new DataDirLocked(dir, pid)
    await unlink(path).catch(() => undefined) // stale: its process is gone
  }
  throw new DataDirLocked(dir, await holder()) // another studio took the stale lock over first
}

/** chmod -R: directories 0700, files 0600 (symlinks left alone); `except` names top-level entries to leave out. */
export async function makePrivate(dir: string, opts: { except?: readonly string[] } = {}): Promise<void> {
  await chmod(dir, 0o700).catch(() => undefined)
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  const skipped = (opts.except ?? []).map((name) => join(dir, name))
  await Promise.all(
    entries.map((e) => {
      const path = join(e.parentPath, e.name)
      if (skipped.some((s) => path.startsWith(`${s}/`))) return undefined // the entry itself still is
      if (e.isDirectory()) return chmod(path, 0o700).catch(() => undefined)
      if (e.isFile()) return chmod(path, 0o600).catch(() => undefined)
      return undefined
    }),
  )
}
