import { Alert } from '../../../ui'

/** Spec 4: switching a bucket between public and private shows what that means before it is saved. */
export function PublicWarning({ isPublic, creating }: { isPublic: boolean; creating: boolean }) {
  if (isPublic) {
    return (
      <Alert type="warning" title={creating ? 'Public buckets are not protected' : 'Warning: making bucket public'}>
        Anyone with a file's URL can read every file in this bucket, without a key. Policies still decide who may upload,
        move and delete files.
      </Alert>
    )
  }
  return (
    <Alert type="warning" title="Warning: making bucket private">
      Files become reachable only with signed URLs or the right authorization headers; public URLs already shared stop
      working.
    </Alert>
  )
}
