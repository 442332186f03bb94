import type { Column } from '../../../../shared/api'
import type { EditingCell } from '../../../model/table-editor/row-edit'
import { ChoiceEditor } from './ChoiceEditor'
import { editorKind } from '../../../model/table-editor/rows/cell-values'
import { InlineEditor } from './InlineEditor'
import { TextEditorDialog } from './TextEditorDialog'

/** The editor a cell gets by its column's type (spec 5, cell editors). */
export function CellEditor({ column, editing }: { column: Column; editing: Readonly<EditingCell> }) {
  if (editing.large) return <TextEditorDialog column={column} editing={editing} />
  const kind = editorKind(column)
  if (kind === 'boolean' || kind === 'enum') return <ChoiceEditor column={column} editing={editing} />
  return <InlineEditor column={column} editing={editing} />
}
