/**
 * Project settings → API → Data API settings in the browser: tick the exposed schemas, change the extra
 * search path and max rows, Save (the server holds it), Cancel (back to what it holds), a bad max rows shown
 * at the field and nothing sent. The studio's settings are restored at the end.
 */
import { expect, test, type Page } from './support/fixtures'
import { sql } from './support/helpers'

const CONFIG = '/platform/projects/default/config/postgrest'
const DEFAULTS = { db_schema: 'public, graphql_public', db_extra_search_path: 'public, extensions', max_rows: 1000 }

const card = (page: Page) => page.getByRole('form', { name: 'Data API settings' })

test('changes the Data API settings and cancels an edit', async ({ page, request }) => {
  await sql(request, 'create schema if not exists api')
  try {
    await page.goto('/project/default/settings/api')
    const form = card(page)
    await expect(form.getByRole('checkbox', { name: 'public', exact: true })).toBeChecked()
    await expect(form.getByRole('checkbox', { name: 'graphql_public', exact: true })).toBeChecked()
    await expect(form.getByRole('checkbox', { name: 'api', exact: true })).not.toBeChecked()
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()

    await form.getByRole('checkbox', { name: 'api', exact: true }).check()
    await form.getByRole('checkbox', { name: 'graphql_public', exact: true }).uncheck()
    await expect(form.getByText('Served in this order: public, api')).toBeVisible()
    await form.getByLabel('Max rows').fill('0')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByRole('alert')).toHaveText('Max rows must be a whole number from 1 to 1000000, or empty for no limit')
    expect(await (await request.get(CONFIG)).json()).toMatchObject(DEFAULTS)

    await form.getByLabel('Max rows').fill('250')
    await expect(form.getByLabel('Max rows')).not.toHaveAttribute('aria-invalid', 'true')
    await form.getByLabel('Extra search path').fill('extensions, public')
    await page.screenshot({ path: '/tmp/h1-data-api.png', fullPage: true })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Successfully updated Data API settings')).toBeVisible()
    await expect.poll(async () => (await request.get(CONFIG)).json()).toMatchObject({
      db_schema: 'public, api', db_extra_search_path: 'extensions, public', max_rows: 250,
    })
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled()

    // an edit, then Cancel: back to what the server holds, nothing sent
    await form.getByLabel('Max rows').fill('')
    await form.getByRole('checkbox', { name: 'api', exact: true }).uncheck()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form.getByLabel('Max rows')).toHaveValue('250')
    await expect(form.getByRole('checkbox', { name: 'api', exact: true })).toBeChecked()
    expect(await (await request.get(CONFIG)).json()).toMatchObject({ max_rows: 250 })
  } finally {
    await request.patch(CONFIG, { data: DEFAULTS })
  }
})
