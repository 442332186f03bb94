/** The statement EXPLAIN reads: the selection when there is one, else the statement the cursor is in or just after. */
import { statements } from '../../../../shared/sql/statements'

export interface StatementSpan {
  from: number
  to: number
  text: string
}

/** The statement under `offset`: the last one that starts at or before it (the first when none does). */
export function statementAt(text: string, offset: number): StatementSpan | undefined {
  const spans = statements(text).map((tokens) => ({ from: tokens[0]!.start, to: tokens.at(-1)!.end }))
  const span = spans.findLast((s) => s.from <= offset) ?? spans[0]
  return span && { ...span, text: text.slice(span.from, span.to) }
}

/** What EXPLAIN runs for this text and selection. */
export function currentStatement(text: string, selection: { from: number; to: number }): StatementSpan | undefined {
  if (selection.from < selection.to) {
    const selected = text.slice(selection.from, selection.to)
    return selected.trim() ? { ...selection, text: selected } : undefined
  }
  return statementAt(text, selection.from)
}
