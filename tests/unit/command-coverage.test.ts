/**
 * Every command has a test (DESIGN.md section 6): each id the registry holds must appear, quoted, in a test
 * file under tests/ or e2e/ (a `*.test.ts` or `*.spec.ts`). The ids come from the registry (commands/all
 * registers every module), the test sources are read from disk, so a new command without a test fails here.
 * Not counted: this file, and the type-only test (command-types), which runs no command.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import '../../commands/all'
import { allCommands } from '../../commands/registry'

const root = join(import.meta.dirname, '..', '..')
const NOT_COUNTED = new Set(['tests/unit/command-coverage.test.ts', 'tests/unit/command-types.test.ts'])

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((path) => !path.split(/[\\/]/).includes('node_modules') && !NOT_COUNTED.has(path.replaceAll('\\', '/')))
}

describe('command test coverage', () => {
  const files = [...testFiles('tests'), ...testFiles('e2e')]
  const sources = files.map((path) => readFileSync(join(root, path), 'utf8'))
  const quoted = (id: string) => [`'${id}'`, `"${id}"`, `\`${id}\``]

  it('reads the registry and the test sources', () => {
    expect(allCommands().length).toBeGreaterThan(100)
    expect(files).toContain('tests/commands/navigation.test.ts')
    expect(files.some((f) => f.startsWith('e2e/'))).toBe(true)
  })

  it('finds every command id in a test', () => {
    const untested = allCommands()
      .map((c) => c.id)
      .filter((id) => !sources.some((src) => quoted(id).some((q) => src.includes(q))))
      .sort()
    expect(untested, 'command ids that appear in no test under tests/ or e2e/: add a headless test in tests/commands').toEqual([])
  })
})
