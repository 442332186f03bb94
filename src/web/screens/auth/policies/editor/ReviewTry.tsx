/**
 * The policy editor's "Try it" (review step): the role, the sample row (JSON, prefilled from the table's
 * first row as its owner reads it, or from the columns' defaults for an empty table), Run (policies.editor.try,
 * also its key), and the rows the role reads with the sample insert, update and delete, passed or refused.
 */
import { useEffect, useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { useApi } from '../../../../commands-context'
import { policyEditor } from '../../../../model/auth/policies/policy-editor-state'
import {
  currentTryResult, policyTry, prefillTrySample, sampleOf, setTryRole, setTrySample, setTrySub, trySampleQuery, userIdsIn,
} from '../../../../model/auth/policies/policy-try'
import { tableQuery } from '../../../../model/project/queries'
import { Field, Textarea } from '../../../../ui'
import { TryResult, TryRunButton, TrySection, TryWho } from './PolicyTry'

const LABELS = { insert: 'Insert', update: 'Update', delete: 'Delete' } as const

export function ReviewTry({ projectRef }: { projectRef: string }) {
  const api = useApi()
  const state = useSnapshot(policyTry)
  const { target } = useSnapshot(policyEditor)
  const tableId = target?.tableId ?? 0
  const table = useQuery({ ...tableQuery(api, projectRef, tableId), enabled: tableId > 0 })
  const rows = useQuery({ ...trySampleQuery(api, projectRef, tableId), enabled: tableId > 0 })
  const sampleId = useId()

  useEffect(() => {
    if (table.data && rows.data) prefillTrySample(tableId, sampleOf(table.data, rows.data[0], policyTry.sub), userIdsIn(table.data, rows.data))
  }, [tableId, table.data, rows.data])

  // read in render so a new review (or another table) hides an answer about the old one
  const result = state.resultFor ? currentTryResult() : null
  return (
    <TrySection
      controls={
        <>
          <TryWho role={state.role} sub={state.sub} userIds={state.userIds} onRole={setTryRole} onSub={setTrySub} />
          <TryRunButton command="policies.editor.try" running={state.running} />
        </>
      }
      extra={
        <Field
          label="Sample row"
          htmlFor={sampleId}
          hint="JSON, by column: inserted as a new row; the row with its primary key is updated with it, and deleted."
        >
          <Textarea
            id={sampleId}
            className="pol-try__sample"
            rows={Math.min(8, Math.max(3, state.sample.split('\n').length))}
            value={state.sample}
            spellCheck={false}
            placeholder={rows.isPending ? 'Loading the first row…' : '{ "column": "value" }'}
            onChange={(e) => setTrySample(e.target.value)}
          />
        </Field>
      }
      error={state.error}
      result={
        result && <TryResult answer={result} noun={['row', 'rows']} columns={result.columns} rows={result.rows} labels={LABELS} />
      }
    />
  )
}
