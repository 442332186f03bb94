/** Which bucket dialog is open: create, edit one bucket, or delete one (by id). */
import { proxy } from 'valtio'

export type BucketDialogTarget = { kind: 'create' } | { kind: 'edit'; bucketId: string } | { kind: 'delete'; bucketId: string }

export const bucketsState = proxy({ dialog: null as BucketDialogTarget | null })

export function openBucketDialog(target: BucketDialogTarget): void {
  bucketsState.dialog = target
}

export function closeBucketDialog(): void {
  bucketsState.dialog = null
}
