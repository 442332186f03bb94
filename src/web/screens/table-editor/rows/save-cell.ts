/**
 * An editor's way out: the value goes through 'grid.cell.update'. A value its column does not take leaves
 * the editor open, and a database refusal opens it again, with what was typed; this answers the reason.
 */
import { run } from '../../../../../commands/all'
import type { EditingCell } from '../../../model/table-editor/row-edit'
import { errorMessage } from '../../../../shared/error-message'

/** null once saved; otherwise why the value was refused. */
export async function saveCell(editing: Pick<EditingCell, 'column' | 'primaryKey'>, value: unknown): Promise<string | null> {
  try {
    await run('grid.cell.update', { column: editing.column, primaryKey: editing.primaryKey, value }, 'keys')
    return null
  } catch (e) {
    return errorMessage(e)
  }
}
