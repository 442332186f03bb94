/**
 * The review step both policy modals share (spec 4): the exact SQL the save runs, read-only, or why there
 * is none; the modal's "Try it" section under it; Back to the editor and Save, each through its modal's command.
 */
import type { ReactNode } from 'react'
import type { CommandId } from '../../../../../../commands/all'
import { press } from '../../../../commands-run'
import { Alert, Button, Kbd } from '../../../../ui'
import { SqlField } from './SqlField'
import { SUBMIT_BINDING } from './PolicyModalFrame'

interface Props {
  review: { sql: string } | { problem: string }
  /** what comes before 'This SQL runs…' (the storage modal says how many policies) */
  lead?: ReactNode
  saveError?: string | null
  saving: boolean
  saveLabel: string
  sqlFieldId: string
  back: CommandId
  save: CommandId
  /** the "Try it" section (shown when there is SQL to try) */
  tryIt?: ReactNode
}

export function PolicyReview({ review, lead, saveError, saving, saveLabel, sqlFieldId, back, save, tryIt }: Props) {
  const sql = 'sql' in review ? review.sql : ''
  return (
    <>
      <div className="ui-dialog__body pol-review">
        <p className="pol-muted">
          {lead}
          This SQL runs on your database when you save:
        </p>
        {'problem' in review ? (
          <Alert type="destructive">{review.problem}</Alert>
        ) : sql ? (
          <SqlField id={sqlFieldId} label="SQL to run" value={sql} readOnly />
        ) : (
          <p>Nothing changed: there is nothing to run.</p>
        )}
        {saveError && <Alert type="destructive">{saveError}</Alert>}
        {'sql' in review && tryIt}
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press(back)}>
          Back
        </Button>
        <span className="pol-card__spacer" />
        <Button variant="primary" autoFocus loading={saving} disabled={!sql} onClick={() => press(save)} iconRight={<Kbd binding={SUBMIT_BINDING} />}>
          {saveLabel}
        </Button>
      </footer>
    </>
  )
}
