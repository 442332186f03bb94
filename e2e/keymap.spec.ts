/**
 * Every binding of the default keymap fires where it is offered (issue 12): each is pressed as the keymap
 * spells it, on its page with the focus where a person has it (the grid, the storage explorer, inside the
 * SQL editor for the SQL commands the editor takes), and what its command does is seen on the page. A
 * binding with no check here fails the first test, so a new binding comes with its check.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Download, type Page } from './support/fixtures'
import type { FileChooser } from '@playwright/test'
import { AUTH } from './support/auth'
import { mod, paletteDialog, sql } from './support/helpers'
import { defaultKeymap } from '../keymaps/default'
import type { ContentListResponse, SnippetContent } from '../src/shared/content'

type Id = keyof typeof defaultKeymap

/** What the checks share: a table of 250 rows (three pages) and a bucket with a folder and a file. */
interface Env {
  table: { id: number; name: string }
  bucket: string
}

/** Where a binding is pressed: the page opened and where the focus is put. */
type Place = 'home' | 'grid' | 'sql-editor' | 'sql-list' | 'roles' | 'buckets' | 'explorer' | 'policy-review' | 'storage-policy-review' | 'users' | 'auth-rate-limits' | 'auth-templates' | 'emails' | 'column-privileges' | 'api-docs' | 'logs-explorer' | 'logs-edge' | DatabasePlace
/** A Database page (issue 15), opened with its heading shown and nothing focused: `db-{path under /database}`. */
type DatabasePlace = 'db-tables' | 'db-schemas' | 'db-functions' | 'db-triggers' | 'db-indexes' | 'db-types' | 'db-extensions' | 'db-replication' | 'db-wrappers' | 'db-migrations'

interface Check {
  at: Place
  /** what is done on the page before the keys (select a row, run the query) */
  before?: (page: Page, env: Env) => Promise<void>
  /** what the page shows once the command ran (given the download or file chooser the keys brought, if any) */
  then: (page: Page, env: Env, event?: Download | FileChooser) => Promise<void>
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'SQL editor' })
/** database migrations and webhooks: a migration history as the Supabase CLI keeps it, the page reloaded onto it. */
async function seedMigrations(page: Page) {
  await sql(page.request, `drop schema if exists supabase_migrations cascade; create schema supabase_migrations;
    create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
    insert into supabase_migrations.schema_migrations values ('20240301083000', array['create index on keymap_items (title)'], 'keymap_index')`)
  await page.reload()
  await expect(page.getByRole('option', { name: /keymap_index/ })).toHaveAttribute('aria-selected', 'true')
}
const queries = (page: Page) => page.getByRole('complementary', { name: 'Queries' })
const toast = (page: Page, text: string | RegExp) => page.locator('.ui-toast__message').filter({ hasText: text }).first()
const rowCount = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d,]+ rows?$/ })
const explorerBody = (page: Page, bucket: string) => page.getByRole('application', { name: `Files in ${bucket}` })
const explorerRow = (page: Page, path: string) => page.locator(`[role="row"][data-path="${path}"]`)

/** The palette opened at the first step of the command titled so. */
const paletteAt = (title: string) => async (page: Page) => {
  await expect(paletteDialog(page).getByLabel('Steps')).toContainText(title)
}
const urlIs = (path: RegExp) => async (page: Page) => {
  await expect(page).toHaveURL(path)
}
const dialog = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible()
}
/** The "Try it" section of a policy review says what the role reads. */
const tryAnswer = (summary: RegExp) => async (page: Page) => {
  await expect(page.getByRole('dialog').getByRole('region', { name: 'Try it' }).getByRole('status')).toHaveText(summary)
}
const alertDialog = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('alertdialog', { name })).toBeVisible()
}

async function snippet(page: Page, id: string) {
  const res = await page.request.get('/platform/projects/default/content?type=sql')
  const { data } = (await res.json()) as ContentListResponse<SnippetContent>
  return data.find((s) => s.id === id)
}
const openSnippetId = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? ''

/** The grid with a row selected by the keyboard (the first row, Space). */
async function selectFirstRow(page: Page) {
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Space')
  await expect(page.getByLabel('Selected rows')).toContainText('1 row selected')
}

/** The tab the Emails page's link key opens (listened for before the key). */
let emailPopup: Promise<Page> | undefined

/** The Emails page with the magic link mail open. */
async function openMagicLinkMail(page: Page) {
  await page.getByRole('listbox', { name: 'Emails' }).getByRole('option').filter({ hasText: 'Magic link' }).first().click()
  await expect(page.getByRole('heading', { name: 'Your Magic Link' })).toBeVisible()
}

/** The explorer with b.txt selected (⌘/Ctrl+click), the focus back on the explorer. */
async function selectFile(page: Page, { bucket }: Env) {
  await explorerRow(page, 'b.txt').click({ modifiers: [mod] })
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeVisible()
  await explorerBody(page, bucket).focus()
}

const CHECKS: Record<Id, Check> = {
  // app
  'app.palette.open': { at: 'home', then: async (page) => expect(paletteDialog(page)).toBeVisible() },
  'app.help.toggle': { at: 'home', then: dialog('Keyboard shortcuts') },
  'app.theme.toggle': {
    at: 'home',
    before: async (page) => expect(page.locator('html')).toHaveAttribute('data-theme', 'light'),
    then: async (page) => expect(page.locator('html')).toHaveAttribute('data-theme', 'dark'),
  },
  // navigation
  'nav.project.go': { at: 'grid', then: urlIs(/\/project\/default$/) },
  'nav.table-editor.go': { at: 'home', then: urlIs(/\/project\/default\/editor$/) },
  'nav.table.open': { at: 'home', then: paletteAt('Open table') },
  'nav.sql-editor.go': { at: 'home', then: urlIs(/\/project\/default\/sql\//) },
  'nav.auth-policies.go': { at: 'home', then: urlIs(/\/project\/default\/auth\/policies/) },
  'nav.database-roles.go': { at: 'home', then: urlIs(/\/project\/default\/database\/roles$/) },
  'nav.database-tables.go': { at: 'home', then: urlIs(/\/project\/default\/database\/tables$/) },
  'nav.database-schemas.go': { at: 'home', then: urlIs(/\/project\/default\/database\/schemas$/) },
  'nav.database-functions.go': { at: 'home', then: urlIs(/\/project\/default\/database\/functions$/) },
  'nav.database-triggers.go': { at: 'home', then: urlIs(/\/project\/default\/database\/triggers$/) },
  'nav.database-indexes.go': { at: 'home', then: urlIs(/\/project\/default\/database\/indexes$/) },
  'nav.database-types.go': { at: 'home', then: urlIs(/\/project\/default\/database\/types$/) },
  'nav.database-extensions.go': { at: 'home', then: urlIs(/\/project\/default\/database\/extensions$/) },
  'nav.storage.go': { at: 'home', then: urlIs(/\/project\/default\/storage\//) },
  // table editor
  'grid.filter.add': { at: 'grid', then: paletteAt('Add filter') },
  'grid.sort.add': { at: 'grid', then: paletteAt('Sort by column') },
  'grid.refresh': {
    at: 'grid',
    before: async (page, { table }) => {
      await sql(page.request, `insert into public.${table.name} (name) values ('fresh')`)
    },
    then: async (page) => expect(rowCount(page)).toHaveText(/^251 rows$/),
  },
  'grid.view.toggle': { at: 'grid', then: urlIs(/view=definition/) },
  'grid.page.next': { at: 'grid', then: urlIs(/page=2/) },
  'grid.page.last': { at: 'grid', then: urlIs(/page=3/) },
  'grid.page.prev': {
    at: 'grid',
    before: async (page) => {
      await page.keyboard.press('Alt+Shift+ArrowRight')
      await expect(page).toHaveURL(/page=3/)
    },
    then: urlIs(/page=2/),
  },
  'grid.page.first': {
    at: 'grid',
    before: async (page) => {
      await page.keyboard.press('Alt+Shift+ArrowRight')
      await expect(page).toHaveURL(/page=3/)
    },
    then: async (page) => expect(page).not.toHaveURL(/page=/),
  },
  'grid.cell.edit': {
    at: 'grid',
    before: async (page) => page.keyboard.press('ArrowRight'),
    then: async (page) => expect(page.getByRole('textbox', { name: 'Edit name' })).toBeFocused(),
  },
  'grid.row.insert-panel.open': { at: 'grid', then: async (page, { table }) => dialog(`Insert a row into ${table.name}`)(page) },
  'grid.row.panel.open': {
    at: 'grid',
    before: async (page) => page.keyboard.press('ArrowDown'),
    then: async (page, { table }) => {
      await dialog(`Edit row in ${table.name}`)(page)
      await expect(page.getByRole('dialog').getByText('row 2 of 100 on this page')).toBeVisible()
    },
  },
  'grid.rows.delete': { at: 'grid', before: selectFirstRow, then: alertDialog('Delete 1 row?') },
  'grid.selection.copy': {
    at: 'grid',
    before: selectFirstRow,
    then: async (page) => expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('row 1'),
  },
  'grid.selection.clear': {
    at: 'grid',
    before: selectFirstRow,
    then: async (page) => expect(page.getByLabel('Selected rows')).toHaveCount(0),
  },
  'grid.undo': {
    at: 'grid',
    before: async (page) => {
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('Enter')
      await page.keyboard.press(`${mod}+a`)
      await page.keyboard.type('changed')
      await page.keyboard.press('Enter')
      await expect(page.getByText('Changes saved')).toBeVisible()
    },
    then: async (page) => expect(toast(page, 'Undid the edit of name')).toBeVisible(),
  },
  'grid.column.insert-panel.open': { at: 'grid', then: dialog(/column/i) },
  'table-editor.table.create-panel.open': { at: 'grid', then: dialog('Create a new table') },
  'grid.import.panel.open': { at: 'grid', then: async (page, { table }) => dialog(`Import data into ${table.name}`)(page) },
  'grid.export.csv': {
    at: 'grid',
    then: async (_, { table }, download) => {
      expect((download as Download).suggestedFilename()).toBe(`${table.name}_rows.csv`)
      expect(await readFile((await (download as Download).path())!, 'utf8')).toMatch(/^id,name\n1,"row 1"\n2,"row 2"\n/)
    },
  },
  // sql editor: inside the editor, but Favorite query (⌘D is CodeMirror's there)
  'sql.run': { at: 'sql-editor', then: async (page) => expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toHaveText(/^1 row in/) },
  'sql.run-selection': {
    at: 'sql-editor',
    before: async (page) => page.keyboard.press(`${mod}+a`),
    then: async (page) => expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toHaveText(/^1 row in/),
  },
  'sql.format': { at: 'sql-editor', then: async (page) => expect(editor(page).locator('.cm-line')).toHaveText(['select', '1 as one']) },
  'sql.cancel': { at: 'sql-editor', then: async (page) => expect(toast(page, 'No query is running')).toBeVisible() },
  'sql.results.focus': {
    at: 'sql-editor',
    before: async (page) => {
      await page.keyboard.press(`${mod}+Enter`)
      await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toHaveText(/^1 row in/)
    },
    then: async (page) => expect(page.getByRole('region', { name: 'Results' }).getByRole('grid')).toBeFocused(),
  },
  'sql.explain': { at: 'sql-editor', then: async (page) => expect(page.getByRole('region', { name: 'Query plan' })).toContainText('actual time=') },
  'sql.results.value.view': {
    at: 'sql-editor',
    before: async (page) => {
      await page.keyboard.press(`${mod}+Enter`)
      await page.getByRole('region', { name: 'Results' }).getByRole('gridcell', { name: '1' }).click()
      await editor(page).click()
    },
    then: async (page) => expect(page.getByRole('complementary', { name: 'Cell value' })).toContainText('one'),
  },
  'sql.snippet.new': {
    at: 'sql-editor',
    then: async (page) => {
      await expect(page).toHaveURL(/\/sql\/new$/)
      await expect(editor(page).locator('.cm-placeholder')).toBeVisible()
    },
  },
  'sql.snippet.open': { at: 'sql-editor', then: paletteAt('Open query') },
  'sql.snippet.rename': { at: 'sql-editor', then: paletteAt('Rename query') },
  'sql.snippet.favorite': {
    at: 'sql-list',
    then: async (page) => expect.poll(async () => (await snippet(page, openSnippetId(page)))?.content.favorite).toBe(true),
  },
  'sql.snippet.share': {
    at: 'sql-editor',
    then: async (page) => expect.poll(async () => (await snippet(page, openSnippetId(page)))?.visibility).toBe('project'),
  },
  'sql.snippet.delete': { at: 'sql-editor', then: alertDialog('Delete query') },
  // policies
  'policies.editor.open': { at: 'home', then: paletteAt('New policy') },
  'policies.rls.toggle': { at: 'home', then: paletteAt('Toggle RLS of a table') },
  'policies.table.go': { at: 'grid', then: async (page, { table }) => urlIs(new RegExp(`/auth/policies\\?.*search=${table.id}`))(page) },
  // the policy editors' review step: the try runs, what the role reads shows (e2e/policy-try.spec.ts tries more)
  'policies.editor.try': { at: 'policy-review', then: tryAnswer(/^anon reads \d+ of \d+ rows$/) },
  'storage.policies.modal.try': { at: 'storage-policy-review', then: tryAnswer(/^anon reads 0 of \d+ objects$/) },
  // roles
  'database.role.create-dialog.open': { at: 'roles', then: dialog('Create a new role') },
  'database.roles.search': { at: 'roles', then: paletteAt('Search roles') },
  // authentication users (the list focused on its first user)
  'nav.auth-users.go': { at: 'home', then: urlIs(/\/project\/default\/auth\/users$/) },
  'auth.user.create-dialog.open': { at: 'users', then: dialog('Create a new user') },
  'auth.user.panel.open': { at: 'users', then: async (page) => expect(page.getByRole('complementary', { name: 'User details' })).toBeVisible() },
  'auth.user.delete-dialog.open': { at: 'users', then: paletteAt('Delete user…') },
  // authentication settings: save from inside a changed field (a higher limit harms no other check), preview a template
  'auth.config.save': {
    at: 'auth-rate-limits',
    before: async (page) => {
      await page.getByLabel('Token verifications').fill('100000')
      await expect(page.getByLabel('Token verifications')).toBeFocused()
    },
    then: async (page) => expect(toast(page, 'Saved authentication settings')).toBeVisible(),
  },
  'auth.template.preview': { at: 'auth-templates', then: async (page) => expect(page.getByTitle('Preview of Confirm signup')).toBeVisible() },
  // authentication emails: the outbox holds the keymap user's magic link and an invite (makeEnv)
  'auth.email.next': { at: 'emails', then: urlIs(/\/auth\/emails\?mail=/) },
  'auth.email.previous': {
    at: 'emails',
    before: async (page) => page.getByRole('listbox', { name: 'Emails' }).getByRole('option').nth(1).click(),
    then: async (page) => expect(page.getByRole('listbox', { name: 'Emails' }).getByRole('option').first()).toHaveAttribute('aria-selected', 'true'),
  },
  'auth.email.link.open': {
    at: 'emails',
    before: async (page) => {
      await openMagicLinkMail(page)
      emailPopup = page.waitForEvent('popup')
    },
    then: async () => {
      const popup = await emailPopup!
      await expect.poll(() => popup.url()).toMatch(/#access_token=/)
      await popup.close()
    },
  },
  'auth.email.link.copy': {
    at: 'emails',
    before: openMagicLinkMail,
    then: async (page) => expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/auth/v1/verify'),
  },
  // column privileges (ALPHA, its flag on): the shared table's table-level anon SELECT switched to column-level, then applied
  'auth.column-privileges.table.pick': { at: 'column-privileges', then: paletteAt('Column privileges: pick table') },
  'auth.column-privileges.apply': {
    at: 'column-privileges',
    before: async (page) => {
      await page.getByRole('listitem').filter({ hasText: /^anon has SELECT on the whole table/ }).getByRole('button', { name: 'Switch to column-level' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Switch to column-level' }).click()
      await expect(page.getByRole('region', { name: 'Staged changes' })).toBeVisible()
    },
    then: async (page) => expect(toast(page, /^Applied \d+ statements/)).toBeVisible(),
  },
  // storage
  'storage.bucket.create-dialog.open': { at: 'buckets', then: dialog(/bucket/i) },
  'storage.folder.create': { at: 'explorer', then: async (page) => expect(page.getByRole('textbox', { name: 'New folder name' })).toBeVisible() },
  'storage.explorer.up': {
    at: 'explorer',
    before: async (page, { bucket }) => {
      await explorerRow(page, 'docs').click()
      await expect(page.getByRole('grid', { name: 'Folder docs' })).toBeVisible()
      await explorerBody(page, bucket).focus()
    },
    then: async (page) => expect(page.getByRole('grid', { name: 'Folder docs' })).toHaveCount(0),
  },
  'storage.explorer.reload': {
    at: 'explorer',
    before: async (page, { bucket }) => {
      const res = await page.request.post(`/platform/storage/default/buckets/${bucket}/objects/upload?path=reloaded-${Date.now()}.txt`, {
        data: 'new', headers: { ...AUTH, 'content-type': 'text/plain' },
      })
      expect(res.ok()).toBe(true)
    },
    then: async (page) => expect(page.getByRole('row', { name: /^reloaded-/ }).first()).toBeVisible(),
  },
  'storage.explorer.view.set': { at: 'explorer', then: paletteAt('View files as') },
  'storage.explorer.search': { at: 'explorer', then: paletteAt('Search files in this folder') },
  'storage.explorer.path.edit': { at: 'explorer', then: async (page) => expect(page.getByRole('textbox', { name: 'Folder path' })).toBeFocused() },
  'storage.objects.upload': { at: 'explorer', then: async (_, __, chooser) => expect((chooser as FileChooser).isMultiple()).toBe(true) },
  'storage.objects.upload-folder': {
    at: 'explorer',
    then: async (_, __, chooser) => expect(await (chooser as FileChooser).element().evaluate((input) => (input as HTMLInputElement).webkitdirectory)).toBe(true),
  },
  'storage.objects.download': {
    at: 'explorer',
    before: selectFile,
    then: async (_, __, download) => expect(await readFile((await (download as Download).path())!, 'utf8')).toBe('b.txt'),
  },
  'storage.objects.delete': { at: 'explorer', before: selectFile, then: alertDialog('Confirm deletion of 1 item') },
  'storage.objects.move-dialog.open': { at: 'explorer', before: selectFile, then: dialog(/Move/) },
  'storage.object.url-dialog.open': { at: 'explorer', before: selectFile, then: dialog('Get URL for b.txt') },
  'storage.policies.go': { at: 'home', then: urlIs(/\/project\/default\/storage\/policies$/) },
  'storage.policies.modal.open': { at: 'home', then: paletteAt('New storage policy') },
  // API docs (issue 14): the docs page of the env's table, JavaScript and the anon key to start with
  'nav.api-docs.go': { at: 'home', then: urlIs(/\/project\/default\/api$/) },
  'api.docs.open': { at: 'api-docs', then: paletteAt('Open API docs for a table, view or function') },
  'api.docs.key': { at: 'api-docs', then: async (page) => expect(page.getByText('These snippets use the service_role key').first()).toBeVisible() },
  // Database pages (issue 15), one section per page
  // database tables
  'database.table.edit-dialog.open': { at: 'db-tables', then: paletteAt('Edit table') },
  'database.tables.search.focus': { at: 'db-tables', then: async (page) => expect(page.getByRole('searchbox', { name: 'Search for a table' })).toBeFocused() },
  'database.table.columns.open': { at: 'db-tables', then: paletteAt('Open table columns') },
  'database.table.definition.open': { at: 'db-tables', then: paletteAt('Open table definition') },
  // database schema visualizer
  'database.schemas.view.fit': {
    at: 'db-schemas',
    before: async (page) => {
      await expect(page.locator('.react-flow__node').first()).toBeVisible()
      for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click()
      await expect.poll(() => everyTableInView(page)).toBe(false)
    },
    then: async (page) => expect.poll(() => everyTableInView(page)).toBe(true),
  },
  'database.schemas.table.find': { at: 'db-schemas', then: paletteAt('Find table in the diagram') },
  'database.schemas.export.png': {
    at: 'db-schemas',
    before: async (page) => expect(page.locator('.react-flow__node').first()).toBeVisible(),
    then: async (page) => expect(toast(page, 'Exported public-schema.png')).toBeVisible() },
  'database.schemas.sql.copy': {
    at: 'db-schemas',
    then: async (page) => expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('create schema if not exists "public";'),
  },
  // database functions
  'database.function.create-panel.open': { at: 'db-functions', then: dialog('Create a new function') },
  'database.functions.search': { at: 'db-functions', then: paletteAt('Search functions') },
  'database.function.run': { at: 'db-functions', then: paletteAt('Run function in the SQL editor') },
  'database.function.panel.save': {
    at: 'db-functions',
    before: async (page) => {
      await page.getByRole('button', { name: 'Create a new function' }).first().click()
      await expect(page.getByRole('dialog', { name: 'Create a new function' })).toBeVisible()
    },
    then: async (page) => expect(page.getByRole('dialog').getByText('Please provide a name for the function')).toBeVisible(),
  },
  // database triggers
  'database.trigger.create-panel.open': { at: 'db-triggers', then: dialog('Create a new trigger') },
  'database.triggers.search': { at: 'db-triggers', then: paletteAt('Search triggers') },
  // database indexes
  'database.index.create-dialog.open': { at: 'db-indexes', then: dialog('Create a new index') },
  'database.indexes.search': { at: 'db-indexes', then: paletteAt('Search indexes') },
  'database.indexes.hints.toggle': {
    at: 'db-indexes',
    before: async (page) => expect(page.getByRole('region', { name: 'Index hints' })).toBeVisible(),
    then: async (page) => expect(page.getByRole('region', { name: 'Index hints' })).toBeHidden(),
  },
  // database enumerated types
  'database.type.create-dialog.open': { at: 'db-types', then: dialog('Create a new enumerated type') },
  'database.types.search': { at: 'db-types', then: paletteAt('Search enumerated types') },
  'database.type.value.add': { at: 'db-types', then: paletteAt('Add value to enumerated type') },
  // database extensions
  'database.extensions.search': { at: 'db-extensions', then: paletteAt('Search extensions') },
  'database.extension.enable-dialog.open': { at: 'db-extensions', then: paletteAt('Enable extension…') },
  'database.extension.disable': { at: 'db-extensions', then: paletteAt('Disable extension') },
  // database publications
  'database.publication.create-dialog.open': { at: 'db-replication', then: dialog('Create a publication') },
  'database.publication.tables-dialog.open': { at: 'db-replication', then: paletteAt('Choose publication tables') },
  // database wrappers
  // PGlite has no postgres_fdw: the command says which extension is missing
  'database.wrapper.server.create-dialog.open': { at: 'db-wrappers', then: async (page) => expect(toast(page, /postgres_fdw/)).toBeVisible() },
  // database migrations and webhooks
  'database.migration.open': { at: 'db-migrations', before: seedMigrations, then: paletteAt('Open migration') },
  'database.migration.copy': {
    at: 'db-migrations',
    before: seedMigrations,
    then: async (page) => {
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('create index on keymap_items (title);')
      await sql(page.request, 'drop schema if exists supabase_migrations cascade')
    },
  },
  'database.migration.sql-editor': {
    at: 'db-migrations',
    before: seedMigrations,
    then: async (page) => {
      await expect(editor(page)).toContainText('create index on keymap_items (title);')
      await sql(page.request, 'drop schema if exists supabase_migrations cascade')
    },
  },
  'api.docs.language': { at: 'api-docs', then: async (page) => expect(page.locator('[data-snippet="read-all"]')).toHaveAttribute('data-lang', 'bash') },
  // Logs (issue 16)
  'nav.logs-explorer.go': { at: 'home', then: urlIs(/\/project\/default\/logs\/explorer$/) },
  'nav.logs-edge.go': { at: 'home', then: urlIs(/\/project\/default\/logs\/edge-logs$/) },
  // logs sources
  'logs.source.search.focus': { at: 'logs-edge', then: async (page) => expect(page.getByRole('searchbox', { name: 'Search events' })).toBeFocused() },
  'logs.source.tail.toggle': { at: 'logs-edge', then: async (page) => expect(page.getByRole('button', { name: /^Live$|Tail paused/ })).toHaveAttribute('aria-pressed', 'true') },
  // logs explorer
  'logs.explorer.run': {
    at: 'logs-explorer',
    then: async (page) => expect(page.getByRole('table', { name: 'Query results' }).getByRole('columnheader', { name: 'event_message' })).toBeVisible(),
  },
  'logs.explorer.template.open': { at: 'logs-explorer', then: paletteAt('Open logs query template') },
}

/** database schema visualizer: whether every table's node is inside the diagram (a fitted view), and there is one */
const everyTableInView = (page: Page) =>
  page.locator('.react-flow').evaluate((flow) => {
    const box = flow.getBoundingClientRect()
    const nodes = [...flow.querySelectorAll('.react-flow__node')].map((n) => n.getBoundingClientRect())
    const total = Number(flow.closest('[data-nodes]')?.getAttribute('data-nodes'))
    return nodes.length === total && total > 0 && nodes.every((r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1)
  })

/** Keys whose press opens a file chooser or starts a download: the event is awaited with the press. */
const EVENTS: Partial<Record<Id, 'filechooser' | 'download'>> = {
  'storage.objects.upload': 'filechooser',
  'storage.objects.upload-folder': 'filechooser',
  'storage.objects.download': 'download',
  'grid.export.csv': 'download',
}

/** A tinykeys binding as Playwright presses it: '$mod+Shift+Backspace' → ['Control+Shift+Backspace']. */
function presses(binding: string): string[] {
  const physical = (key: string) =>
    /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}`
    : /^\d$/.test(key) ? `Digit${key}`
    : ({ '?': 'Slash', '/': 'Slash', '.': 'Period' } as Record<string, string>)[key] ?? key
  return binding.split(' ').map((press) => {
    const parts = press.split(/\b\+/)
    const key = parts.pop() ?? ''
    return [...parts.map((m) => (m === '$mod' ? mod : m)), physical(key)].join('+')
  })
}

let shared: Promise<Env> | undefined

async function makeEnv(request: APIRequestContext): Promise<Env> {
  const stamp = Date.now().toString(36)
  const name = `e2e_keymap_${stamp}`
  await sql(request, `create table public.${name} (id int generated by default as identity primary key, name text);
    insert into public.${name} (name) select 'row ' || i from generate_series(1, 250) i`)
  const [row] = await sql<{ id: number }>(request, `select 'public.${name}'::regclass::oid::int as id`)
  const bucket = `keymap-${stamp}`
  expect((await request.post('/platform/storage/default/buckets', { data: { id: bucket } })).ok()).toBe(true)
  for (const path of ['docs/a.txt', 'b.txt']) {
    const res = await request.post(`/platform/storage/default/buckets/${bucket}/objects/upload?path=${path}`, { data: path, headers: { 'content-type': 'text/plain' } })
    expect(res.ok(), await res.text()).toBe(true)
  }
  const user = await request.post('/platform/auth/default/users', { data: { email: `keymap-${stamp}@example.com`, password: 'keymap-password-1', email_confirm: true } })
  expect(user.ok(), await user.text()).toBe(true)
  // two mails in the outbox for the Emails page's keys: a magic link and an invite
  expect((await request.post('/platform/auth/default/magiclink', { data: { email: `keymap-${stamp}@example.com` } })).ok()).toBe(true)
  expect((await request.post('/platform/auth/default/invite', { data: { email: `keymap-invite-${stamp}@example.com` } })).ok()).toBe(true)
  return { table: { id: row!.id, name }, bucket }
}

/** Opens the place and puts the focus where a person has it there. */
async function open(page: Page, place: Place, env: Env): Promise<void> {
  if (place.startsWith('db-')) {
    await page.goto(`/project/default/database/${place.slice(3)}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    return
  }
  switch (place) {
    case 'home':
      await page.goto('/project/default')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      return
    case 'grid':
      await page.goto(`/project/default/editor/${env.table.id}`)
      await expect(rowCount(page)).toHaveText(/^25\d rows$/)
      await page.getByRole('grid').focus()
      return
    case 'sql-editor':
    case 'sql-list': {
      await page.goto('/project/default/sql/new')
      await expect(queries(page).getByRole('status', { name: 'Loading queries' })).toBeHidden({ timeout: 60_000 })
      await editor(page).click()
      await page.keyboard.type('select 1 as one')
      await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
      await expect(queries(page).getByRole('status')).toHaveText('Saved')
      if (place === 'sql-list') await queries(page).locator(`[data-snippet-id="${openSnippetId(page)}"]`).first().focus()
      else await editor(page).click()
      await expect(place === 'sql-list' ? queries(page).locator(':focus') : editor(page)).toBeFocused()
      return
    }
    case 'roles':
      await page.goto('/project/default/database/roles')
      await expect(page.getByRole('heading', { name: 'Database Roles' })).toBeVisible()
      return
    case 'users':
      await page.goto('/project/default/auth/users')
      await expect(page.getByRole('row').nth(1)).toBeVisible()
      await page.getByLabel('User rows').focus()
      await expect(page.locator('.users-row--focused')).toHaveCount(1)
      return
    case 'auth-rate-limits':
      await page.goto('/project/default/auth/rate-limits')
      await expect(page.getByLabel('Token verifications')).toBeVisible()
      return
    case 'auth-templates':
      await page.goto('/project/default/auth/templates')
      await expect(page.getByRole('tab', { name: 'Confirm signup' })).toBeVisible()
      return
    case 'emails':
      await page.goto('/project/default/auth/emails')
      await expect(page.getByRole('listbox', { name: 'Emails' }).getByRole('option').nth(1)).toBeVisible()
      return
    case 'column-privileges':
      await page.addInitScript(() => localStorage.setItem('studio.feature.column-privileges', 'on'))
      await page.goto(`/project/default/auth/column-privileges?table=${env.table.id}`)
      await expect(page.getByRole('table', { name: `Column privileges of public.${env.table.name}` })).toBeVisible()
      return
    case 'api-docs':
      // the docs' key and language are kept per browser: each check starts from JavaScript and anon
      await page.addInitScript(() => ['studio.api-docs.key', 'studio.api-docs.language'].forEach((k) => localStorage.removeItem(k)))
      await page.goto(`/project/default/api?resource=${env.table.name}`)
      await expect(page.locator('[data-snippet="read-all"]')).toHaveAttribute('data-lang', 'js')
      await expect(page.getByRole('group', { name: 'Snippet key' }).getByRole('button', { name: 'anon' })).toHaveAttribute('aria-pressed', 'true')
      return
    case 'logs-edge':
      await page.goto('/project/default/logs/edge-logs')
      await expect(page.getByRole('heading', { name: 'Kong API', level: 1 })).toBeVisible()
      return
    case 'logs-explorer':
      await page.goto('/project/default/logs/explorer')
      // the editor takes the focus: the keys are pressed outside it
      await page.getByRole('heading', { name: 'Logs Explorer', level: 1 }).click()
      return
    case 'buckets':
      await page.goto('/project/default/storage/buckets')
      await expect(page.getByRole('heading', { name: 'Storage', exact: true })).toBeVisible()
      return
    case 'explorer':
      await page.goto(`/project/default/storage/buckets/${env.bucket}`)
      await expect(explorerRow(page, 'b.txt')).toBeVisible()
      await explorerBody(page, env.bucket).focus()
      return
    case 'policy-review': {
      // a SELECT policy for everyone, from scratch, at its review (the focus on Save, as the review opens)
      await page.goto(`/project/default/auth/policies?search=${env.table.id}&schema=public`)
      await page.getByRole('region', { name: env.table.name }).getByRole('button', { name: 'Create policy' }).click()
      const modal = page.getByRole('dialog')
      await modal.getByRole('button', { name: /From scratch/ }).click()
      await modal.getByLabel('Policy name').fill('keymap try')
      await modal.getByRole('radio', { name: 'SELECT' }).check()
      await modal.getByRole('textbox', { name: 'USING expression' }).click()
      await page.keyboard.type('true')
      await modal.getByRole('button', { name: /Review/ }).click()
      await expect(modal.getByRole('button', { name: /Save policy/ })).toBeFocused()
      return
    }
    case 'storage-policy-review': {
      // the "own folder" template for the bucket, at its review: anon sees none of its objects
      await page.goto('/project/default/storage/policies')
      await page.getByRole('region', { name: env.bucket }).getByRole('button', { name: `New policy for ${env.bucket}` }).click()
      const modal = page.getByRole('dialog')
      await modal.getByRole('button', { name: /From a template/ }).click()
      await modal.getByRole('button', { name: /own top level folder/ }).click()
      await modal.getByRole('button', { name: /Review/ }).click()
      await expect(modal.getByRole('button', { name: /Save 4 policies/ })).toBeFocused()
    }
  }
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('every binding of the keymap has a check here', () => {
  expect(Object.keys(defaultKeymap).filter((id) => !(id in CHECKS))).toEqual([])
})

const byPlace = new Map<Place, Id[]>()
for (const id of Object.keys(defaultKeymap) as Id[]) byPlace.set(CHECKS[id].at, [...(byPlace.get(CHECKS[id].at) ?? []), id])

for (const [place, ids] of byPlace) {
  test(`every binding offered on ${place} fires there`, async ({ page, request }) => {
    test.setTimeout(60_000 + ids.length * 15_000)
    const env = await (shared ??= makeEnv(request))
    // listened to from the start, so Playwright takes every file chooser the keys open
    const choosers: FileChooser[] = []
    page.on('filechooser', (chooser) => choosers.push(chooser))
    for (const id of ids) {
      await test.step(`${id}: ${defaultKeymap[id]}`, async () => {
        const check = CHECKS[id]
        await open(page, place, env)
        await check.before?.(page, env)
        const event = EVENTS[id]
        const download = event === 'download' ? page.waitForEvent('download') : undefined
        for (const keys of presses(defaultKeymap[id])) await page.keyboard.press(keys)
        if (event === 'filechooser') {
          await expect.poll(() => choosers.length).toBe(1)
          await check.then(page, env, choosers.pop())
        } else {
          await check.then(page, env, await download)
        }
      })
    }
  })
}

test('the palette opens from a text field and from inside the SQL editor', async ({ page }) => {
  await open(page, 'roles', {} as Env)
  await page.getByRole('searchbox', { name: 'Search for a role' }).focus()
  await page.keyboard.press(presses(defaultKeymap['app.palette.open'])[0]!)
  await expect(paletteDialog(page)).toBeVisible()

  await page.goto('/project/default/sql/new')
  await editor(page).click()
  await page.keyboard.press(presses(defaultKeymap['app.palette.open'])[0]!)
  await expect(paletteDialog(page)).toBeVisible()
})
