import { press } from '../../../../commands-run'
import { policyEditor } from '../policy-editor-state'

/**
 * ⌘Enter / Ctrl+Enter inside the editor: its next step (editor → review → save). Keys pressed in a dialog
 * never reach the app's keymap, and '$mod+Enter' there is the SQL editor's run, so the dialog binds it.
 */
export const SUBMIT_BINDING = '$mod+Enter'

export function submitEditor(): void {
  if (policyEditor.view === 'editor') press('policies.editor.review')
  else if (policyEditor.view === 'review') press('policies.editor.save')
}
