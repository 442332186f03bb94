// Totals the vitest and Playwright JSON reports into one closing line: 'N passed, N failed, N skipped'.
import { readFileSync } from 'node:fs'

const read = (path) => JSON.parse(readFileSync(path, 'utf8'))
const unit = read('test-results/vitest.json')
const e2e = read('test-results/e2e.json').stats
const passed = unit.numPassedTests + e2e.expected + e2e.flaky
const failed = unit.numFailedTests + e2e.unexpected
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
