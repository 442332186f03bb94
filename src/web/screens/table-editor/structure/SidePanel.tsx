import { Dialog, cx } from '../../../ui'
import type { DialogProps } from '../../../ui/Dialog'
import './structure.css'

/** The kit's dialog as a sheet on the right edge: the column form and the CSV import use it. */
export function SidePanel({ className, ...props }: Omit<DialogProps, 'size'>) {
  return <Dialog {...props} className={cx('st-sheet', className)} />
}
