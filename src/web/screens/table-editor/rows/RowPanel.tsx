import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { ChevronDown, ChevronUp, Lock } from 'lucide-react'
import { run } from '../../../../../commands/all'
import type { Column, GridTable } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { useCommandState } from '../../../command-state'
import { rowEdit, type RowDraft, type RowPanelState } from '../../../model/table-editor/row-edit'
import { datetimePlaceholder, editorKind } from '../../../model/table-editor/rows/cell-values'
import {
  changedColumns, fieldChanged, panelFieldKind, resetDraft, setDraftNull, setDraftText,
} from '../../../model/table-editor/rows/row-panel'
import { Alert, Badge, Button, IconButton, Input, Select, Textarea, cx } from '../../../ui'
import { SidePanel } from '../structure/SidePanel'
import './row-panel.css'

const NEXT_KEYS = 'Alt+ArrowDown'
const PREV_KEYS = 'Alt+ArrowUp'

/** Runs a panel command; its failure is shown in the panel (the save) or is a disabled step (the arrows). */
function quietly(command: () => Promise<unknown>): void {
  command().catch(() => undefined)
}

/**
 * The row side panel (issue 12): every column of one row with its type, JSON in a code box, long text in a
 * multi-line field, NULL shown and settable; read-only where the row or a column cannot be changed. Save
 * writes the changed columns in one update; Cancel or Escape closes; the arrows (Alt+↑/↓) step through the
 * page's rows.
 */
export function RowPanel({ projectRef, table }: { projectRef: string; table: GridTable }) {
  const { panel } = useSnapshot(rowEdit)
  if (!panel || panel.ref !== projectRef || panel.tableId !== table.id) return null
  return <RowPanelView table={table} panel={panel} />
}

function RowPanelView({ table, panel }: { table: GridTable; panel: Readonly<RowPanelState> }) {
  const formId = useId()
  const [saving, setSaving] = useState(false)
  const keyText = Object.entries(panel.primaryKey)
    .map(([k, v]) => `${k} = ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ')
  const formRef = useRef<HTMLFormElement>(null)
  // a refused save brings its first reason into view (the field may be far down a wide row)
  const problems = `${panel.failure ?? ''}|${Object.keys(panel.errors).join(',')}`
  useEffect(() => {
    if (problems !== '|') formRef.current?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' })
  }, [problems])
  // the keyboard goes to a field that can be changed (not the key): the same column as before when
  // stepping to another row, else the first one
  const lastColumn = useRef<string | null>(null)
  const focusField = () => {
    const form = formRef.current
    if (!form) return
    const control = ':is(.ui-input, .ui-select)'
    const same = lastColumn.current === null ? null : form.querySelector<HTMLElement>(`[data-field="${CSS.escape(lastColumn.current)}"] ${control}`)
    const first = form.querySelector<HTMLElement>(`[data-field]:not(.rows-panel__field--locked) ${control}`)
    ;(same ?? first ?? form.querySelector<HTMLElement>(`[data-field] ${control}`))?.focus()
  }
  useEffect(() => {
    // another row's fields replaced the one that had the keyboard
    const timer = setTimeout(() => {
      if (!formRef.current?.contains(document.activeElement)) focusField()
    })
    return () => clearTimeout(timer)
  }, [keyText])
  const prev = useCommandState('grid.row.panel.prev')
  const next = useCommandState('grid.row.panel.next')
  const readonly = panel.readonly
  const changed = readonly ? 0 : changedColumns(table, panel).length

  const save = () => {
    if (saving) return
    setSaving(true)
    run('grid.row.panel.save', {}, 'button')
      .catch(() => undefined) // the panel shows why
      .finally(() => setSaving(false))
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.altKey && !event.shiftKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault()
      const down = event.key === 'ArrowDown'
      if ((down ? next : prev).reason === null) quietly(() => run(down ? 'grid.row.panel.next' : 'grid.row.panel.prev', {}, 'keys'))
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && !readonly) {
      event.preventDefault()
      save()
    }
  }

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && quietly(() => run('grid.row.panel.close', {}, 'button'))}
      className="rows-panel"
      title={`${readonly ? 'View' : 'Edit'} row in ${table.name}`}
      description={
        <span className="rows-panel__where">
          <span className="rows-panel__key">{keyText}</span>
          {panel.index >= 0 && (
            <span className="rows-muted">
              row {panel.index + 1} of {panel.pageRows} on this page
            </span>
          )}
        </span>
      }
      footer={
        <>
          <span className="rows-panel__nav">
            <IconButton
              label="Previous row"
              binding={PREV_KEYS}
              icon={<ChevronUp size={16} />}
              variant="default"
              size="sm"
              disabled={prev.reason !== null}
              onClick={() => quietly(() => run('grid.row.panel.prev', {}, 'button'))}
            />
            <IconButton
              label="Next row"
              binding={NEXT_KEYS}
              icon={<ChevronDown size={16} />}
              variant="default"
              size="sm"
              disabled={next.reason !== null}
              onClick={() => quietly(() => run('grid.row.panel.next', {}, 'button'))}
            />
          </span>
          {readonly ? (
            <Button onClick={() => quietly(() => run('grid.row.panel.close', {}, 'button'))}>Close</Button>
          ) : (
            <>
              {changed > 0 && <span className="rows-panel__changed">{changed === 1 ? '1 change' : `${changed} changes`}</span>}
              <Button onClick={() => quietly(() => run('grid.row.panel.close', {}, 'button'))}>Cancel</Button>
              <Button variant="primary" type="submit" form={formId} loading={saving}>
                Save
              </Button>
            </>
          )}
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="rows-panel__form"
        noValidate
        onFocus={(e) => {
          const field = (e.target as HTMLElement).closest<HTMLElement>('[data-field]')
          // the dialog's own first focus lands on the first field, often the locked key: move on to one to type in
          const fromOutside = !(e.relatedTarget instanceof Element) || e.relatedTarget.closest('[role="dialog"]') === null
          if (field?.classList.contains('rows-panel__field--locked') && fromOutside && !readonly) {
            focusField()
            return
          }
          if (field?.dataset.field !== undefined) lastColumn.current = field.dataset.field
        }}
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        {readonly && (
          <Alert type="note" title={MSG.locked}>
            {readonly}
          </Alert>
        )}
        {panel.failure && (
          <Alert type="destructive" title={MSG.rowNotSaved}>
            {panel.failure}
          </Alert>
        )}
        {table.columns.map((column) => (
          <PanelField
            // a field of another row starts afresh
            key={`${keyText}/${column.name}`}
            column={column}
            value={panel.row[column.name]}
            draft={panel.drafts[column.name] ?? { text: '', isNull: true }}
            error={panel.errors[column.name]}
            locked={readonly ? '' : panel.locked[column.name]}
            primaryKey={table.primary_keys.some((pk) => pk.name === column.name)}
          />
        ))}
      </form>
    </SidePanel>
  )
}

interface PanelFieldProps {
  column: Column
  value: unknown
  draft: RowDraft
  error: string | undefined
  /** why it cannot be changed ('' when the whole row cannot), or undefined */
  locked: string | undefined
  primaryKey: boolean
}

/** Rows a text box shows: its lines, within bounds. */
function rowsFor(text: string, min: number, max: number): number {
  const lines = text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 70)), 0)
  return Math.max(min, Math.min(max, lines))
}

function PanelField({ column, value, draft, error, locked, primaryKey }: PanelFieldProps) {
  const id = useId()
  const readOnly = locked !== undefined
  const kind = panelFieldKind(column, value)
  const changed = !readOnly && fieldChanged(column, value, draft)
  const shown = draft.isNull ? '' : draft.text
  const placeholder = draft.isNull ? 'NULL' : editorKind(column) === 'datetime' ? datetimePlaceholder(column) : undefined
  const describedBy = error ? `${id}-error` : locked ? `${id}-hint` : undefined
  const common = { id, readOnly, placeholder, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }
  const onText = (text: string) => setDraftText(column.name, text)

  let control: ReactNode
  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? [{ value: 'true' }, { value: 'false' }] : column.enums.map((e) => ({ value: e }))
    control = (
      <Select
        id={id}
        value={draft.isNull ? undefined : draft.text || undefined}
        onValueChange={onText}
        options={options}
        placeholder={draft.isNull ? 'NULL' : 'Pick a value'}
        disabled={readOnly}
        className={cx(draft.isNull && 'rows-panel__null-value')}
      />
    )
  } else if (kind === 'json') {
    control = (
      <Textarea
        {...common}
        className={cx('rows-panel__code', draft.isNull && 'rows-panel__null-value')}
        spellCheck={false}
        rows={rowsFor(shown, 3, 18)}
        value={shown}
        onChange={(e) => onText(e.target.value)}
      />
    )
  } else if (kind === 'multiline') {
    control = <Textarea {...common} className="rows-panel__text" rows={rowsFor(shown, 3, 14)} value={shown} onChange={(e) => onText(e.target.value)} />
  } else {
    control = (
      <Input
        {...common}
        className={cx(draft.isNull && 'rows-panel__null-value')}
        inputMode={editorKind(column) === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        value={shown}
        onChange={(e) => onText(e.target.value)}
      />
    )
  }

  const canNull = column.is_nullable && !readOnly
  return (
    <div data-field={column.name} className={cx('rows-panel__field', changed && 'rows-panel__field--changed', readOnly && 'rows-panel__field--locked')}>
      <div className="rows-panel__label">
        <label htmlFor={id} className="rows-panel__name">
          {column.name}
        </label>
        <span className="rows-panel__type">{column.format}</span>
        {primaryKey && <Badge tone="accent">primary key</Badge>}
        {locked && <Lock size={12} className="rows-panel__lock" aria-hidden />}
      </div>
      {control}
      {/* after the control in the keyboard's order; shown beside the label */}
      <span className="rows-panel__tools">
        {changed && (
          <button type="button" className="rows-panel__tool" onClick={() => resetDraft(column)}>
            Undo change
          </button>
        )}
        {kind === 'json' && !readOnly && !draft.isNull && <FormatButton text={draft.text} onFormat={onText} />}
        {canNull && (
          <button
            type="button"
            className="rows-panel__tool rows-panel__null-toggle"
            aria-pressed={draft.isNull}
            aria-label={`${column.name} is NULL`}
            title={draft.isNull ? 'Give it a value' : 'Set to NULL'}
            onClick={() => setDraftNull(column.name, !draft.isNull)}
          >
            NULL
          </button>
        )}
      </span>
      {error ? (
        <p className="ui-field__error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        locked && (
          <p className="ui-field__hint" id={`${id}-hint`}>
            {locked}
          </p>
        )
      )}
    </div>
  )
}

/** Re-indents the JSON typed, when it parses. */
function FormatButton({ text, onFormat }: { text: string; onFormat: (text: string) => void }) {
  let pretty: string | null = null
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    pretty = null
  }
  if (pretty === null || pretty === text) return null
  return (
    <button type="button" className="rows-panel__tool" onClick={() => onFormat(pretty)}>
      Format JSON
    </button>
  )
}
