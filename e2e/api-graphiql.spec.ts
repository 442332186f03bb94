/**
 * GraphiQL in the browser (/project/default/api/graphiql): the schema loads (the explorer lists the table's
 * type), a query typed in the editor runs with ⌘/Ctrl+Enter from inside it and its JSON answer shows, RLS
 * applies to the anon key, ⌘/Ctrl+Shift+P prettifies inside the editor, and switching to service_role warns
 * that it bypasses RLS and sees every row.
 */
import { expect, test, type Page } from './support/fixtures'
import { mod, sql } from './support/helpers'

const table = `gqe_notes_${Math.random().toString(36).slice(2, 8)}`
const editor = (page: Page) => page.getByRole('textbox', { name: 'GraphQL query' })
const result = (page: Page) => page.getByLabel('Response JSON')

test('runs a GraphQL query from the editor, prettifies it and switches the role', async ({ page, request }) => {
  await sql(request, `
    create table public.${table} (id int primary key, body text, shared boolean not null);
    insert into public.${table} values (1, 'one', true), (2, 'two', false), (3, 'three', true);
    alter table public.${table} enable row level security;
    create policy shared_only on public.${table} for select to anon using (shared);
    grant select on public.${table} to anon, service_role;
  `)
  try {
    await page.goto('/project/default/api/graphiql')
    await expect(page.getByRole('heading', { name: 'GraphiQL', level: 1 })).toBeVisible()
    const docs = page.getByRole('complementary', { name: 'Documentation explorer' })
    await docs.getByLabel('Search types').fill(table)
    await expect(docs.getByRole('button', { name: table, exact: true })).toBeVisible()

    await editor(page).click()
    await page.keyboard.press(`${mod}+a`)
    await page.keyboard.press('Delete')
    await page.keyboard.insertText(`{ ${table}Collection(orderBy: [{id: AscNullsLast}]) { edges { node { id body } } } }`)
    await page.keyboard.press(`${mod}+Enter`)
    await expect(page.getByRole('status').filter({ hasText: /^200 · \d+ ms$/ })).toBeVisible()
    const answer = JSON.parse((await result(page).textContent()) ?? '')
    expect(answer.data[`${table}Collection`].edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([1, 3])
    // the key ran the query and inserted no line
    await expect(editor(page).locator('.cm-line')).toHaveCount(1)

    await page.keyboard.press(`${mod}+Shift+p`)
    await expect(editor(page).locator('.cm-line').first()).toHaveText('{')
    await expect(editor(page).locator('.cm-line').nth(1)).toHaveText(`  ${table}Collection(orderBy: [{id: AscNullsLast}]) {`)

    await page.getByRole('combobox', { name: 'Role' }).click()
    await page.getByRole('option', { name: 'service_role' }).click()
    await expect(page.getByText('service_role bypasses RLS')).toBeVisible()
    await page.getByRole('button', { name: /^Run/ }).click()
    await expect(result(page)).toContainText('"id": 2')
    await page.screenshot({ path: '/tmp/h4-graphiql.png' })
    await docs.getByRole('button', { name: table, exact: true }).click()
    await expect(docs.getByRole('list', { name: `Fields of ${table}` })).toContainText('nodeId')
    await page.screenshot({ path: '/tmp/h4-graphiql-docs.png' })
  } finally {
    await sql(request, `drop table if exists public.${table}`)
  }
})
