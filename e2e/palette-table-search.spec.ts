/**
 * The palette's 'Open table' asks the server for what is typed: with more tables than its first answer
 * holds, typing the name of one past it finds it (issue 11). The tables live in a schema of the spec's own,
 * dropped at the end even when a step fails. The list is virtualized: every option it holds is reachable
 * by its keys, while only those in view are in the page (e2e/palette-virtual.spec.ts goes further).
 */
import { expect, test } from './support/fixtures'
import { mod, paletteDialog, palettePick, sql } from './support/helpers'

/** more than the palette's first answer (RELATIONS_LIMIT, 1000) */
const COUNT = 1005

test('by keyboard: ⌘K, Open table, type the name of a table past the first answer and open it', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `zz_many_${suffix}`
  const last = `many_${suffix}_${COUNT}`
  await sql(
    request,
    `create schema ${schema};
     do $$ begin
       for i in 1..${COUNT} loop execute format('create table %I.%I (id int)', '${schema}', 'many_${suffix}_' || lpad(i::text, 4, '0')); end loop;
     end $$`,
  )
  try {
    await page.goto('/project/default')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.keyboard.press(`${mod}+k`)
    await palettePick(page, 'Open table')
    // the first answer holds the schema's first tables but not this one: the server finds it once typed
    await expect(paletteDialog(page).getByRole('option').filter({ hasText: `${schema}.many_${suffix}_0001` })).toBeVisible()
    // a virtualized list: far fewer options in the page than the list holds
    expect(await paletteDialog(page).getByRole('option').count()).toBeLessThan(100)
    // ↑ from the first option wraps to the last one, ↓ comes back; End and Home go to the ends (each drawn)
    await page.keyboard.press('ArrowUp')
    await expect(paletteDialog(page).getByRole('option').last()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(paletteDialog(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('End')
    await expect(paletteDialog(page).getByRole('option').last()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(paletteDialog(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await palettePick(page, last)
    await expect(page).toHaveURL(/\/project\/default\/editor\/\d+/)
    await expect(page.getByRole('heading', { level: 1, name: `Table ${schema}.${last}` })).toBeVisible()
  } finally {
    await sql(request, `drop schema ${schema} cascade`)
  }
})
