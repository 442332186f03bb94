import { Outlet, useParams } from '@tanstack/react-router'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { BucketDialogs } from './buckets/BucketDialogs'
import { StorageSidebar } from './StorageSidebar'
import './storage.css'

/** /project/{ref}/storage: the buckets menu beside the open page, and the bucket dialogs the commands open. */
export function StorageLayout() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  return (
    <div className="stg-layout">
      <StorageSidebar projectRef={ref} />
      <section className="stg-main">
        <Outlet />
      </section>
      <BucketDialogs projectRef={ref} />
    </div>
  )
}
