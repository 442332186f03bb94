/**
 * The storage policy modal's "Try it" (review step): the role, the bucket whose objects are read (the
 * modal's, or for an edit the one the policy names), the object name the upload, update and delete are
 * tried on, Run (storage.policies.modal.try, also its key), and what the role sees with each write's fate.
 */
import { useEffect, useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { useApi } from '../../../../commands-context'
import { bucketsQuery } from '../../../../model/storage/buckets/queries'
import {
  currentStorageTryResult, scopeStorageTry, setStorageTryBucket, setStorageTryObjectName, setStorageTryRole, setStorageTrySub, storagePolicyTry,
  storageTryBucket,
} from '../../../../model/storage/policies/storage-policy-try'
import { Field, Input, Select } from '../../../../ui'
import { TryResult, TryRunButton, TrySection, TryWho } from '../../../auth/policies/editor/PolicyTry'

const LABELS = { insert: 'Upload', update: 'Update', delete: 'Delete' } as const
const COLUMNS = ['name', 'owner', 'updated']

export function StorageReviewTry({ projectRef }: { projectRef: string }) {
  const state = useSnapshot(storagePolicyTry)
  const buckets = useQuery(bucketsQuery(useApi(), projectRef))
  const ids = (buckets.data ?? []).map((b) => b.id)
  const bucket = storageTryBucket(ids, state.bucketId)
  const bucketId = useId()
  const nameId = useId()
  const result = state.resultFor ? currentStorageTryResult() : null
  useEffect(() => scopeStorageTry(), [])

  return (
    <TrySection
      controls={
        <>
          <TryWho role={state.role} sub={state.sub} userIds={state.userIds} onRole={setStorageTryRole} onSub={setStorageTrySub} />
        </>
      }
      moreControls={
        <>
          <Field label="Bucket" htmlFor={bucketId} className="pol-try__bucket">
            <Select
              id={bucketId}
              size="sm"
              aria-label="Bucket"
              value={bucket ?? undefined}
              placeholder={buckets.isPending ? 'Loading…' : 'No bucket'}
              options={ids.map((value) => ({ value }))}
              onValueChange={setStorageTryBucket}
            />
          </Field>
          <Field label="Object name" htmlFor={nameId} className="pol-try__object">
            <Input
              id={nameId}
              size="sm"
              value={state.objectName}
              placeholder="the bucket’s first object"
              spellCheck={false}
              onChange={(e) => setStorageTryObjectName(e.target.value)}
            />
          </Field>
          <TryRunButton command="storage.policies.modal.try" running={state.running} />
        </>
      }
      error={state.error}
      result={
        result && (
          <TryResult
            answer={result}
            noun={['object', 'objects']}
            columns={COLUMNS}
            rows={result.objects.map((o) => ({ name: o.name, owner: o.owner, updated: o.updated_at?.slice(0, 16) ?? null }))}
            labels={LABELS}
            note={<p className="pol-try__note">Objects of bucket {result.bucketId}; the writes are tried on {result.objectName}.</p>}
          />
        )
      }
    />
  )
}
