/**
 * The data directory: one studio at a time (a second start is refused at once, touching nothing), a lock
 * left by a dead process is taken over, a port in use fails before the directory is touched, and
 * everything in it is private (0700 directories, 0600 files) after start and after writes.
 */
import { spawn } from 'node:child_process'
import { readFile, readdir, rm, stat, writeFile, mkdtemp, mkdir, chmod } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { DataDirLocked, LOCK_FILE } from '../../src/server/security/data-dir'
import { createApi } from '../../src/web/data/api'
import { AUTH, TEST_AUTH_OPTIONS } from '../support/auth'
import { REF } from './support/http'

const dirs: string[] = []
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-datadir-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

// Logs off: the first studio would write its events to the platform store under the directory while the test
// compares snapshots of it (the second studio touching nothing is what is checked).
const start = (dataDir: string, port = 0) => startStudio({ ...TEST_AUTH_OPTIONS, port, dataDir, serveStatic: false, logger: false, logs: { enabled: false } })

/** Every path under dir with its size and modification time. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const out: string[] = []
  for (const e of entries) {
    const s = await stat(join(e.parentPath, e.name))
    out.push(`${join(e.parentPath, e.name)} ${s.size} ${s.mtimeMs}`)
  }
  return out.sort()
}

/** `npm start`'s entry in a child process; its exit code and output. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('the data directory lock', () => {
  let first: Studio
  afterAll(async () => first?.close())

  it('refuses a second studio at once, naming the directory and the holder, and touches nothing', async () => {
    const dir = await tempDir()
    first = await start(dir)
    const api = createApi(first.url, AUTH)
    await api.query(REF, `create table kept (id int primary key); insert into kept select generate_series(1, 100)`)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)

    await expect(start(dir)).rejects.toThrow(DataDirLocked)
    await expect(start(dir)).rejects.toThrow(`${dir} is in use by another studio (pid ${process.pid})`)

    const before = await snapshot(dir)
    const second = await runMain({ STUDIO_DATA_DIR: dir, PORT: '0', STUDIO_PASSWORD: 'x' })
    expect(second.code).not.toBe(0)
    expect(second.output).toContain(`the data directory ${dir} is in use by another studio (pid ${process.pid})`)
    expect(second.output).not.toContain('Studio running')
    expect(await snapshot(dir)).toEqual(before)

    expect(await api.query(REF, 'select count(*)::int as n from kept')).toEqual([{ n: 100 }])
  })

  it('fails on a port in use before touching the data directory', async () => {
    const dir = join(await tempDir(), 'never-made')
    const port = Number(new URL(first.url).port)
    await expect(start(dir, port)).rejects.toThrow(/EADDRINUSE/)
    await expect(stat(dir)).rejects.toThrow(/ENOENT/)
  })

  it('takes over a lock left by a process that is gone, and gives it up on close', async () => {
    const dir = await tempDir()
    const gone = spawn(process.execPath, ['-e', '0'])
    const pid = gone.pid!
    await new Promise((r) => gone.on('exit', r))
    await writeFile(join(dir, LOCK_FILE), `${pid}\n`)
    const s = await start(dir)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
    await s.close()
    await expect(stat(join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/)
    // … and a lock with our own pid from an earlier life of this process (a restarted container) too
    await writeFile(join(dir, LOCK_FILE), `${process.pid}\n`)
    const again = await start(dir)
    await again.close()
  })
})

describe('file modes', () => {
  it('keeps every directory 0700 and every file 0600, after start, writes and a restart; sweeps orphaned upload files', async () => {
    const dir = await tempDir()
    // An existing directory left open to others is closed at start.
    await mkdir(join(dir, 'storage'), { recursive: true })
    await chmod(dir, 0o777)
    await writeFile(join(dir, 'storage', 'old.txt'), 'x', { mode: 0o666 })
    await chmod(join(dir, 'storage', 'old.txt'), 0o666)
    // … and what an upload killed with -9 left behind is swept.
    await mkdir(join(dir, 'storage', 'tmp'))
    await writeFile(join(dir, 'storage', 'tmp', 'orphan-upload'), 'half')
    for (let run = 0; run < 2; run++) {
      const s = await start(dir)
      const api = createApi(s.url, AUTH)
      await api.query(REF, `create table if not exists t${run} (id int); insert into t${run} select generate_series(1, 1000)`)
      const bucket = `modes-${run}`
      await api.createBucket(REF, { id: bucket, public: false, file_size_limit: null, allowed_mime_types: null })
      await api.uploadObject(REF, bucket, 'a/b.txt', new Blob(['bytes']))
      await (await s.store.get()).query('select 1')
      await s.close()
    }
    const open: string[] = []
    const top = await stat(dir)
    if ((top.mode & 0o777) !== 0o700) open.push(`${dir} ${(top.mode & 0o777).toString(8)}`)
    for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const path = join(e.parentPath, e.name)
      const mode = (await stat(path)).mode & 0o777
      if (e.isDirectory() ? mode !== 0o700 : mode !== 0o600) open.push(`${path} ${mode.toString(8)}`)
    }
    expect(open).toEqual([])
    expect(await readdir(join(dir, 'storage', 'tmp'))).toEqual([])
  })
})
