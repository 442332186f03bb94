/**
 * The one source of key bindings: command id → keys in tinykeys syntax ('$mod' is ⌘ on macOS, Ctrl
 * elsewhere; a space separates the keys of a sequence). The tinykeys map, the palette's hints and the
 * '?' overlay are all built from this; a user's overrides (persisted) are layered on top. Keyed by
 * command id: a binding for an id that is no command fails tsc (the import is types only, no run-time cycle).
 */
import type { CommandId } from '../commands/all'

export const defaultKeymap = {
  // app
  'app.palette.open': '$mod+k',
  'app.help.toggle': 'Shift+?',
  'app.theme.toggle': '$mod+Shift+l',
  // navigation
  'nav.project.go': 'g h',
  'nav.table-editor.go': 'g t',
  'nav.table.open': '$mod+p',
  // table editor
  'grid.filter.add': 'Shift+f',
  'grid.sort.add': 'Shift+s',
  'grid.refresh': 'Shift+r',
  'grid.view.toggle': 'Shift+d',
  'grid.page.next': 'Alt+ArrowRight',
  'grid.page.prev': 'Alt+ArrowLeft',
  'grid.page.last': 'Alt+Shift+ArrowRight',
  'grid.page.first': 'Alt+Shift+ArrowLeft',
  // table rows (issue 3)
  'grid.cell.edit': 'F2',
  'grid.row.insert-panel.open': 'Shift+i',
  // the focused row in the side panel (issue 12); inside it Alt+↑/↓ step through the page's rows
  'grid.row.panel.open': 'Shift+Enter',
  'grid.rows.delete': '$mod+Backspace',
  'grid.selection.copy': '$mod+c',
  'grid.selection.clear': 'Escape',
  'grid.undo': '$mod+z',
  // table structure (issue 3)
  'grid.column.insert-panel.open': 'Shift+c',
  'table-editor.table.create-panel.open': 'Shift+t',
  // table import and export (issue 3)
  'grid.import.panel.open': 'Shift+u',
  'grid.export.csv': 'Shift+e',
  // sql editor (issue 4)
  'nav.sql-editor.go': 'g s',
  'sql.run': '$mod+Enter',
  'sql.run-selection': '$mod+Shift+Enter',
  'sql.format': 'Shift+Alt+f',
  'sql.cancel': '$mod+.',
  'sql.results.focus': 'Shift+Alt+r',
  // sql results (issue 12): EXPLAIN ANALYZE of the statement at the cursor; the chosen cell's value (Enter in the grid too)
  'sql.explain': 'Shift+Alt+e',
  'sql.results.value.view': 'Shift+Alt+j',
  // sql snippets (issue 4). The SQL editor has the focus nearly always, so a snippet binding types no text
  // (not Shift+N): see src/web/screens/sql-editor/editor/keys.ts. ⌘D stays CodeMirror's inside the editor.
  'sql.snippet.new': '$mod+Alt+n',
  'sql.snippet.open': '$mod+o',
  'sql.snippet.rename': 'Shift+F2',
  'sql.snippet.favorite': '$mod+d',
  'sql.snippet.share': '$mod+Shift+s',
  'sql.snippet.delete': '$mod+Shift+Backspace',
  // policies (issue 5): commands/policies.ts, policies-editor.ts
  'nav.auth-policies.go': 'g p',
  'policies.editor.open': 'Shift+p',
  'policies.rls.toggle': 'Shift+l',
  'policies.table.go': 'g Shift+p',
  // the policy editors' review step (issue 12): try the policy before saving it. Keys pressed in a dialog
  // reach no page binding: the modals' shared frame binds these (PolicyModalFrame.tsx); one key per modal,
  // since a key is bound once in the whole keymap
  'policies.editor.try': 'Alt+t',
  'storage.policies.modal.try': 'Shift+Alt+t',
  // roles (issue 5): commands/database-roles.ts
  'nav.database-roles.go': 'g r',
  // the Database area (issue 15): commands/nav.ts; each page's own keys are under its section below
  'nav.database-tables.go': 'g Shift+t',
  'nav.database-schemas.go': 'g v',
  'nav.database-functions.go': 'g f',
  'nav.database-triggers.go': 'g Shift+f',
  'nav.database-indexes.go': 'g i',
  'nav.database-types.go': 'g e',
  'nav.database-extensions.go': 'g x',
  'database.role.create-dialog.open': 'Shift+a',
  'database.roles.search': '/',
  // authentication users (issue 13): commands/auth-users.ts (arrows, Home, End and Enter are the list's own keys)
  'nav.auth-users.go': 'g u',
  'auth.user.create-dialog.open': 'Shift+n',
  'auth.user.panel.open': 'Shift+o',
  'auth.user.delete-dialog.open': 'Shift+Alt+Backspace',
  // authentication settings (issue 13): commands/auth-config.ts; save works inside the form's fields too (useAuthConfigForm.ts)
  'auth.config.save': '$mod+s',
  'auth.template.preview': 'Shift+Alt+o',
  // authentication emails (issue 13): commands/auth-emails.ts, a mail catcher's keys (j/k step through the mails)
  'auth.email.next': 'j',
  'auth.email.previous': 'k',
  'auth.email.link.open': 'o',
  'auth.email.link.copy': 'c',
  // column privileges (issue 13, ALPHA): commands/auth-column-privileges.ts (arrows and Space are the matrix's own keys)
  'auth.column-privileges.table.pick': 't',
  'auth.column-privileges.apply': 'Shift+Alt+Enter',
  // storage (issue 6)
  'nav.storage.go': 'g b',
  // storage buckets: commands/storage-buckets.ts
  'storage.bucket.create-dialog.open': 'Shift+b',
  // storage explorer: commands/storage-explorer.ts (arrows, Enter, Space, F2 and Escape are the explorer body's own keys)
  'storage.folder.create': 'Shift+Alt+n',
  'storage.explorer.up': 'Alt+ArrowUp',
  'storage.explorer.reload': 'Alt+r',
  'storage.explorer.view.set': 'Shift+Alt+v',
  'storage.explorer.search': 'Shift+Alt+s',
  'storage.explorer.path.edit': 'Shift+Alt+g',
  // storage objects (upload, move, delete, download, URLs): commands/storage-objects.ts
  'storage.objects.upload': 'u',
  'storage.objects.upload-folder': 'Shift+Alt+u',
  'storage.objects.download': 'Shift+Alt+d',
  'storage.objects.delete': 'Delete',
  'storage.objects.move-dialog.open': 'Shift+m',
  'storage.object.url-dialog.open': 'Shift+Alt+l',
  // storage policies: commands/storage-policies.ts
  'storage.policies.go': 'g Shift+b',
  'storage.policies.modal.open': 'Shift+Alt+p',
  // settings: commands/settings.ts (the storage upload limit is in commands/storage-buckets.ts)
  // API docs (issue 14): commands/api-docs.ts
  'nav.api-docs.go': 'g d',
  'api.docs.open': 'Alt+o',
  'api.docs.key': 'Alt+k',
  'api.docs.language': 'Alt+l',
  // Database pages (issue 15), one section per page; keys are unique across the whole keymap
  // database tables: commands/database-tables.ts
  'database.table.edit-dialog.open': 'Alt+a',
  'database.tables.search.focus': 'Alt+b',
  'database.table.columns.open': 'Alt+c',
  'database.table.definition.open': 'Alt+d',
  // database schema visualizer: commands/database-schemas.ts
  'database.schemas.view.fit': 'Alt+f',
  'database.schemas.table.find': 'Alt+g',
  'database.schemas.export.png': 'Alt+h',
  'database.schemas.sql.copy': 'Alt+i',
  // database functions: commands/database-functions.ts
  'database.function.create-panel.open': 'Alt+n',
  'database.functions.search': 'Alt+m',
  'database.function.run': 'Alt+p',
  // the function form's save: the panel binds it, in its fields and inside the body's editor (FunctionPanel.tsx)
  'database.function.panel.save': 'Shift+Alt+b',
  // database triggers: commands/database-triggers.ts
  'database.trigger.create-panel.open': 'Alt+j',
  'database.triggers.search': 'Shift+Alt+a',
  // database indexes: commands/database-indexes.ts
  'database.index.create-dialog.open': 'Shift+Alt+c',
  'database.indexes.search': 'Alt+s',
  'database.indexes.hints.toggle': 'Shift+Alt+h',
  // database enumerated types: commands/database-types.ts
  'database.type.create-dialog.open': 'Alt+u',
  'database.types.search': 'Alt+q',
  'database.type.value.add': 'Alt+v',
  // database extensions: commands/database-extensions.ts
  'database.extensions.search': 'Alt+w',
  'database.extension.enable-dialog.open': 'Alt+x',
  'database.extension.disable': 'Shift+Alt+k',
  // database publications: commands/database-publications.ts
  'database.publication.create-dialog.open': 'Alt+y',
  'database.publication.tables-dialog.open': 'Shift+Alt+i',
  // database wrappers: commands/database-wrappers.ts
  'database.wrapper.server.create-dialog.open': 'Alt+z',
  // database migrations and webhooks: commands/database-migrations.ts, commands/database-hooks.ts
  'database.migration.open': 'Shift+Alt+m',
  'database.migration.sql-editor': 'Shift+Alt+q',
  'database.migration.copy': 'Shift+Alt+x',
  // Logs (issue 16): commands/nav.ts; the pages' own keys under their sections below (a key is unique across the keymap)
  'nav.logs-explorer.go': 'g l',
  'nav.logs-edge.go': 'g Shift+l',
  // logs sources: commands/logs-sources.ts
  'logs.source.search.focus': 'Alt+e',
  'logs.source.tail.toggle': 'Shift+Alt+y',
  // logs explorer: commands/logs-explorer.ts
  'logs.explorer.run': 'Shift+Alt+z',
  'logs.explorer.template.open': 'Shift+Alt+w',
} satisfies Partial<Record<CommandId, string>>
