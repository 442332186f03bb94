/**
 * The review step's "Try it" section, its parts shared by both policy modals: the role to try as (anon, or
 * authenticated with a user id typed or picked), the Run button (the modal's try command, with its key),
 * and the answer: what the role reads, as a small table, and a line per sample write, passed or refused
 * with the database's words. The modal-specific fields (a sample row, a bucket and object name) go between.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Check, CircleSlash, Minus, Play } from 'lucide-react'
import type { CommandId } from '../../../../../../commands/all'
import { TRY_ROLES, type TryAnswer, type TryOperation, type TryRead, type TryRole } from '../../../../../shared/contract/policy-try'
import { useCommandState } from '../../../../command-state'
import { runAndReport } from '../../../../commands-run'
import { bindingFor } from '../../../../model/app/keys/keymap'
import { Alert, Button, DisabledReason, Field, Input, Kbd, cx } from '../../../../ui'

const ROLE_HINTS: Record<TryRole, string> = {
  anon: 'a visitor, not signed in',
  authenticated: 'a signed-in user',
}

interface TryWhoProps {
  role: TryRole
  sub: string
  userIds: readonly string[]
  onRole: (role: TryRole) => void
  onSub: (sub: string) => void
}

/** The role, and for authenticated the user id auth.uid() returns: typed, or picked from the ids the table holds. */
export function TryWho({ role, sub, userIds, onRole, onSub }: TryWhoProps) {
  const subId = useId()
  const listId = useId()
  const labelId = useId()
  return (
    <>
      <div className="ui-field pol-try__roles">
        <span className="ui-field__label" id={labelId}>
          Try as
        </span>
        <div className="pol-commands" role="radiogroup" aria-labelledby={labelId}>
          {TRY_ROLES.map((r) => (
            <label key={r} className={cx('pol-command', role === r && 'pol-command--on')} title={ROLE_HINTS[r]}>
              <input type="radio" name={`try-role-${listId}`} value={r} checked={role === r} onChange={() => onRole(r)} />
              {r}
            </label>
          ))}
        </div>
      </div>
      <Field label="User id" htmlFor={subId} className="pol-try__sub">
        <Input
          id={subId}
          size="sm"
          list={listId}
          value={sub}
          disabled={role !== 'authenticated'}
          placeholder={role === 'authenticated' ? 'auth.uid(): a UUID, or none' : 'for authenticated only'}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onSub(e.target.value)}
        />
        <datalist id={listId}>
          {userIds.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </Field>
    </>
  )
}

/** Run: the modal's try command (its disabled reason on hover), with the key that runs it too. */
export function TryRunButton({ command, running }: { command: CommandId; running: boolean }) {
  const { reason } = useCommandState(command)
  const binding = bindingFor(command)
  return (
    <DisabledReason reason={reason}>
      <Button
        size="sm"
        className="pol-try__run"
        icon={<Play size={13} />}
        loading={running}
        disabled={reason !== null}
        onClick={() => runAndReport(command, {}, 'button')}
        iconRight={binding ? <Kbd binding={binding} /> : undefined}
      >
        Run
      </Button>
    </DisabledReason>
  )
}

const OUTCOME_ICON = { passed: <Check size={14} />, refused: <CircleSlash size={14} />, skipped: <Minus size={14} /> }

/** What the role reads: "anon reads 2 of 5 rows", or why it may read nothing. */
function readSummary(answer: TryAnswer & TryRead, noun: [string, string]): string {
  const n = (count: number, capped: boolean) => `${count.toLocaleString('en-US')}${capped ? '+' : ''}`
  const who = answer.as.sub ? `${answer.as.role} (${answer.as.sub})` : answer.as.role
  const [one, many] = noun
  return `${who} reads ${n(answer.count, answer.countCapped)} of ${n(answer.total, answer.totalCapped)} ${answer.total === 1 && !answer.totalCapped ? one : many}`
}

const cellText = (value: unknown): string =>
  value === null || value === undefined ? 'NULL' : typeof value === 'object' ? JSON.stringify(value) : String(value)

interface TryResultProps {
  answer: TryAnswer & TryRead
  /** the singular and plural of what is read: row(s), object(s) */
  noun: [string, string]
  columns: readonly string[]
  rows: readonly Record<string, unknown>[]
  /** what each probe is called: Insert, Upload… */
  labels: Record<TryOperation, string>
  /** a line under the summary (what the read covers) */
  note?: ReactNode
}

export function TryResult({ answer, noun, columns, rows, labels, note }: TryResultProps) {
  const ref = useRef<HTMLDivElement>(null)
  // a new answer comes into view (the review scrolls when its SQL is long)
  useEffect(() => {
    // a block body: scrollIntoView answers a promise in newer browsers, which React would take for a cleanup
    void ref.current?.scrollIntoView({ block: 'nearest' })
  }, [answer])
  return (
    <div className="pol-try__result" aria-label="Try result" ref={ref}>
      <p className="pol-try__summary" role="status">
        {readSummary(answer, noun)}
      </p>
      {note}
      {answer.rlsTurnedOn && (
        <p className="pol-try__note">RLS is disabled on this table: the try enabled it to show the policy’s effect. Saving does not enable it.</p>
      )}
      {answer.error ? (
        <Alert type="destructive">{answer.error}</Alert>
      ) : rows.length ? (
        <div className="pol-try__table-wrap">
          <table className="pol-try__table" aria-label={`${noun[1]} seen`}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => {
                    const text = cellText(row[c])
                    return (
                      <td key={c} className={cx(row[c] === null && 'pol-try__null')} title={text}>
                        {text}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="pol-try__empty">No {noun[1]}: the policies let none through.</p>
      )}
      <ul className="pol-try__probes" aria-label="Sample writes">
        {answer.probes.map((p) => (
          <li key={p.operation} className={cx('pol-try__probe', `pol-try__probe--${p.outcome}`)}>
            <span className="pol-try__probe-icon" aria-hidden>
              {OUTCOME_ICON[p.outcome]}
            </span>
            <span className="pol-try__probe-op">{labels[p.operation]}</span>
            <span className="pol-try__probe-outcome">{p.outcome}</span>
            <span className="pol-try__probe-message">{p.message}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

interface TrySectionProps {
  /** the role fields, then Run */
  controls: ReactNode
  /** a second row of controls (the storage modal's bucket and object name, then Run) */
  moreControls?: ReactNode
  /** under the controls: a sample row editor */
  extra?: ReactNode
  error: string | null
  result: ReactNode
}

/** The section's frame: a heading that says nothing is kept, the controls, an error, the answer. */
export function TrySection({ controls, moreControls, extra, error, result }: TrySectionProps) {
  return (
    <section className="pol-try" aria-label="Try it">
      <header className="pol-try__header">
        <h3 className="pol-try__title">Try it</h3>
        <span className="pol-muted">Runs the policy as a role in a transaction that is rolled back: nothing is saved.</span>
      </header>
      <div className="pol-try__controls">{controls}</div>
      {moreControls && <div className="pol-try__controls">{moreControls}</div>}
      {extra}
      {error && <Alert type="destructive">{error}</Alert>}
      {result}
    </section>
  )
}
