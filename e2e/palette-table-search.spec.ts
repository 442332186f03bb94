/**
 * The palette's 'Open table' asks the server for what is typed: with more tables than its first answer
 * holds, typing the name of one past it finds it (issue 11). The tables live in a schema of the spec's own,
 * dropped at the end even when a step fails. The list draws a bounded number of options at a time.
 */
import { expect, test } from './support/fixtures'
import { mod, paletteDialog, palettePick, sql } from './support/helpers'

/** more than the palette's first answer (RELATIONS_LIMIT, 1000) */
const COUNT = 1005
/** the most options the palette draws at once (MAX_DRAWN in src/web/palette/bounded.tsx) */
const MAX_DRAWN = 100

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
    // a bounded list: the best MAX_DRAWN options are drawn, a line says typing narrows the rest
    await expect(paletteDialog(page).getByText(/^Type to narrow: [\d,]+ more$/)).toBeVisible()
    expect(await paletteDialog(page).getByRole('option').count()).toBeLessThanOrEqual(MAX_DRAWN)
    // ↑ from the first option wraps to the last one drawn, ↓ comes back; End and Home go to the ends
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
