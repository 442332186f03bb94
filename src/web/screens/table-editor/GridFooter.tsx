import { useState } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Check, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, RefreshCw } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { CountResponse } from '../../../shared/api'
import { PAGE_SIZE_OPTIONS } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { useCommandState } from '../../command-state'
import { press } from '../../commands-run'
import { bindingFor } from '../../model/app/keys/keymap'
import { saveStatus } from '../../model/table-editor/save-status'
import { Button, IconButton, Input, Select, Spinner, cx } from '../../ui'
import { pageCount, type GridView } from '../../model/table-editor/search'

const SIZE_OPTIONS = PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: `${n} rows` }))
const number = new Intl.NumberFormat('en-US')

interface GridFooterProps {
  view: GridView
  count: UseQueryResult<CountResponse>
  /** the count as shown: the database's answer corrected by the page on screen */
  shown: CountResponse | undefined
  fetching: boolean
}

/**
 * Pagination, the row count, page size, refresh, and the data/definition switch. Next and Last follow
 * their commands: an estimated count never ends the pages, a short page or an exact count does.
 */
export function GridFooter({ view, count, shown, fetching }: GridFooterProps) {
  const last = shown ? pageCount(shown.count, view.rows) : null
  const next = useCommandState('grid.page.next')
  const lastPage = useCommandState('grid.page.last')
  const data = view.view === 'data'
  return (
    <footer className="te-footer">
      {data && (
        <div className="te-footer__pages">
          <IconButton size="sm" label="First page" binding={bindingFor('grid.page.first')} icon={<ChevronsLeft size={15} />} disabled={view.page <= 1} onClick={() => press('grid.page.first')} />
          <IconButton size="sm" label="Previous page" binding={bindingFor('grid.page.prev')} icon={<ChevronLeft size={15} />} disabled={view.page <= 1} onClick={() => press('grid.page.prev')} />
          <span className="te-footer__page">
            Page <PageInput key={view.page} page={view.page} />
            {last !== null && <> of {shown?.is_estimate ? '~' : ''}{number.format(last)}</>}
          </span>
          <IconButton size="sm" label="Next page" binding={bindingFor('grid.page.next')} icon={<ChevronRight size={15} />} disabled={next.reason !== null} onClick={() => press('grid.page.next')} />
          <IconButton size="sm" label="Last page" binding={bindingFor('grid.page.last')} icon={<ChevronsRight size={15} />} disabled={lastPage.reason !== null} onClick={() => press('grid.page.last')} />
          <Select size="sm" aria-label="Rows per page" value={String(view.rows)} options={SIZE_OPTIONS} onValueChange={(rows) => press('grid.page-size.set', { rows })} className="te-footer__size" />
        </div>
      )}
      <div className={cx('te-footer__count', count.isError && 'te-footer__count--error')} role="status">
        {count.isError ? MSG.countError : shown ? <RowCount count={shown} counting={count.isFetching} /> : 'Counting rows…'}
      </div>
      <div className="te-footer__end">
        {fetching && <Spinner label="Loading rows" />}
        {data && <RefreshButton />}
        <div className="te-toggle" role="group" aria-label="View">
          <button type="button" className="te-toggle__item" aria-pressed={data} onClick={() => !data && press('grid.view.toggle')}>
            Data
          </button>
          <button type="button" className="te-toggle__item" aria-pressed={!data} onClick={() => data && press('grid.view.toggle')}>
            Definition
          </button>
        </div>
      </div>
    </footer>
  )
}

/** Refresh, or what the last row write is doing (spec 4): 'Saving changes', then 'Changes saved' for 2 s. */
function RefreshButton() {
  const { state } = useSnapshot(saveStatus)
  if (state === 'idle') {
    return <IconButton size="sm" label="Refresh" binding={bindingFor('grid.refresh')} icon={<RefreshCw size={14} />} onClick={() => press('grid.refresh')} />
  }
  const saving = state === 'saving'
  return (
    <Button size="sm" variant="ghost" className="rows-save-status" loading={saving} icon={<Check size={14} />} aria-live="polite" onClick={() => press('grid.refresh')}>
      {saving ? 'Saving changes' : 'Changes saved'}
    </Button>
  )
}

/** The count; an estimate is a button that counts the rows exactly. */
function RowCount({ count: { count, is_estimate }, counting }: { count: CountResponse; counting: boolean }) {
  const rows = `${number.format(count)} ${count === 1 ? 'row' : 'rows'}`
  if (!is_estimate) return rows
  return (
    <>
      <button type="button" className="te-footer__estimate" title="Count rows exactly" aria-busy={counting || undefined} onClick={() => press('grid.count.exact')}>
        ~{rows} (estimate)
      </button>
      {counting && <Spinner size={12} />}
    </>
  )
}

/** Type a page number; Enter or leaving the field goes there. */
function PageInput({ page }: { page: number }) {
  const [text, setText] = useState(String(page))
  const go = () => {
    if (text.trim() !== String(page)) press('grid.page.go', { page: text.trim() })
  }
  return (
    <Input
      size="sm"
      className="te-footer__page-input"
      aria-label="Page"
      inputMode="numeric"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={go}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go()
        if (e.key === 'Escape') setText(String(page))
      }}
    />
  )
}
