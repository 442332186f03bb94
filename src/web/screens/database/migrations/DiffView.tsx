/**
 * What a migration changed against the one before it: each line kept, added (+) or removed (−), with its
 * line numbers before and after. Virtualized: a migration can run to thousands of lines.
 */
import { useMemo, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { DiffLine } from '../../../model/database/migrations/migrations-data'

const SIGN = { same: ' ', add: '+', remove: '−' } as const
const LINE_HEIGHT = 20

export function DiffView({ lines, label }: { lines: readonly DiffLine[]; label: string }) {
  const numbered = useMemo(() => {
    let before = 0
    let after = 0
    return lines.map((l) => ({
      ...l,
      before: l.kind === 'add' ? '' : String(++before),
      after: l.kind === 'remove' ? '' : String(++after),
    }))
  }, [lines])
  const scroller = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer({ count: numbered.length, getScrollElement: () => scroller.current, estimateSize: () => LINE_HEIGHT, overscan: 20 })
  return (
    <div ref={scroller} className="migrations-diff" role="region" aria-label={label} tabIndex={0}>
      <div className="migrations-diff__body" style={{ height: rows.getTotalSize() }}>
        {rows.getVirtualItems().map((v) => {
          const l = numbered[v.index]!
          return (
            <div key={v.index} className={`migrations-diff__line migrations-diff__line--${l.kind}`} data-kind={l.kind}
              style={{ transform: `translateY(${v.start}px)`, height: LINE_HEIGHT }}>
              <span className="migrations-diff__num">{l.before}</span>
              <span className="migrations-diff__num">{l.after}</span>
              <span className="migrations-diff__sign" aria-hidden="true">{SIGN[l.kind]}</span>
              <span className="migrations-diff__text">
                {l.kind !== 'same' && <span className="sr-only">{l.kind === 'add' ? 'added: ' : 'removed: '}</span>}
                {l.text || '\u00a0'}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
