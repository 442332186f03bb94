/**
 * The palette's lists are virtualized (issue 12): with 1,500 tables, 'Open table' holds every table the
 * server answers (its first 1,000, RELATIONS_LIMIT) and each is reachable by the keys (End, PageDown,
 * ↑/↓) and by scrolling, while the page holds only the options in view. The field's aria-activedescendant
 * always names the active option, drawn. The command list keeps its group headings. The tables live in a
 * schema of the spec's own, dropped at the end even when a step fails.
 */
import { expect, test, type Page } from './support/fixtures'
import { mod, paletteCommand, paletteDialog, sql } from './support/helpers'
import { MSG } from '../src/shared/messages'

const COUNT = 1500
/** the most the server answers for one text (RELATIONS_LIMIT): the last option 'Open table' holds */
const ANSWERED = 1000

const field = (page: Page) => paletteDialog(page).getByRole('combobox')
const list = (page: Page) => paletteDialog(page).getByRole('listbox')
const active = (page: Page) => paletteDialog(page).locator('[role="option"][aria-selected="true"]')

/** The number in the active option's table name (many_0042 → 42). */
async function activeNumber(page: Page): Promise<number> {
  const text = (await active(page).textContent()) ?? ''
  return Number(/many_(\d{4})/.exec(text)?.[1] ?? NaN)
}

/** The options wholly inside the list's view, in order. */
function optionsInView(page: Page): Promise<string[]> {
  return list(page).evaluate((box) => {
    const view = box.getBoundingClientRect()
    return [...box.querySelectorAll('[role="option"]')]
      .filter((o) => {
        const r = o.getBoundingClientRect()
        return r.top >= view.top - 1 && r.bottom <= view.bottom + 1
      })
      .map((o) => o.textContent ?? '')
  })
}

/** The active option is in view and is the one the field's aria-activedescendant names. */
async function expectActiveShown(page: Page, name: string) {
  await expect(active(page)).toHaveCount(1)
  await expect(active(page)).toContainText(name)
  await expect(active(page)).toBeInViewport()
  const id = await active(page).getAttribute('id')
  await expect(field(page)).toHaveAttribute('aria-activedescendant', id!)
}

test('by keyboard and mouse: every one of 1,500 tables the list holds is reachable, few are in the page', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `zz_virtual_${suffix}`
  const table = (n: number) => `${schema}.many_${String(n).padStart(4, '0')}`
  await sql(
    request,
    `create schema ${schema};
     do $$ begin
       for i in 1..${COUNT} loop execute format('create table %I.%I (id int)', '${schema}', 'many_' || lpad(i::text, 4, '0')); end loop;
     end $$`,
  )
  try {
    await page.goto('/project/default')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // the command list: its groups keep their headings; End and Home reach its ends
    await page.keyboard.press(`${mod}+k`)
    await expect(paletteDialog(page).getByText('Go to', { exact: true })).toBeVisible()
    await page.keyboard.press('End')
    await expect(active(page)).toBeInViewport()
    // the last one that can be picked (a disabled one shows its reason, and is passed over)
    const lastEnabled = paletteDialog(page).locator('[role="option"]:not([aria-disabled="true"])').last()
    await expect(lastEnabled).toHaveAttribute('aria-selected', 'true')
    // the last group's heading, drawn now that the list is at its end
    await expect(paletteDialog(page).getByText('General', { exact: true })).toBeVisible()
    await page.keyboard.press('Home')
    await expect(active(page)).toBeInViewport()
    await expect(active(page)).toHaveAttribute('aria-posinset', '1')
    await page.keyboard.press('Escape')
    await expect(paletteDialog(page)).toBeHidden()

    await paletteCommand(page, 'Open table')
    // the server answers the schema's tables in name order, its first ANSWERED of them
    await page.keyboard.type(`${schema}.`)
    await expectActiveShown(page, table(1))
    const drawn = await paletteDialog(page).getByRole('option').count()
    expect(drawn).toBeGreaterThan(5)
    expect(drawn).toBeLessThan(60)
    await expect(active(page)).toHaveAttribute('aria-setsize', String(ANSWERED))
    // the list says it holds only the server's first answer, and how to reach the rest
    await expect(paletteDialog(page).getByText(MSG.paletteSomeOptions(ANSWERED, COUNT))).toBeVisible()

    // End: the last option, far past what was drawn, is active and shown; the page still holds few
    await page.keyboard.press('End')
    await expectActiveShown(page, table(ANSWERED))
    await expect(active(page)).toHaveAttribute('aria-posinset', String(ANSWERED))
    expect(await paletteDialog(page).getByRole('option').count()).toBeLessThan(60)
    // ↓ goes round to the first, ↑ back to the last
    await page.keyboard.press('ArrowDown')
    await expectActiveShown(page, table(1))
    await page.keyboard.press('ArrowUp')
    await expectActiveShown(page, table(ANSWERED))
    await page.keyboard.press('Home')
    await expectActiveShown(page, table(1))

    // PageDown: to the last option wholly in view, then one page further (the list scrolls); PageUp back
    const inView = await optionsInView(page)
    expect(inView.length).toBeGreaterThan(3)
    const page1 = inView.length // the option numbered so is the last in view
    await page.keyboard.press('PageDown')
    await expectActiveShown(page, table(page1))
    await page.keyboard.press('PageDown')
    await expectActiveShown(page, table(2 * page1 - 1))
    await page.keyboard.press('PageUp')
    expect(await activeNumber(page)).toBeLessThan(2 * page1 - 1)
    await expect(active(page)).toBeInViewport()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const n = await activeNumber(page)
    await page.keyboard.press('ArrowUp')
    await expectActiveShown(page, table(n - 1))

    // scrolling by the wheel reaches the end too; the active option stays in the page (out of view). The
    // pointer rests on the list's edge, off the options, so none becomes active under it
    await list(page).hover({ position: { x: 2, y: 20 } })
    for (let i = 0; i < 8 && !(await paletteDialog(page).getByRole('option', { name: table(ANSWERED) }).isVisible()); i++) {
      await page.mouse.wheel(0, 20_000)
    }
    await expect(paletteDialog(page).getByRole('option', { name: table(ANSWERED) })).toBeInViewport()
    const id = await field(page).getAttribute('aria-activedescendant')
    await expect(paletteDialog(page).locator(`[id="${id}"]`)).toContainText(table(n - 1))
    expect(await paletteDialog(page).getByRole('option').count()).toBeLessThan(60)
    // the mouse makes the option under it active
    const hovered = paletteDialog(page).getByRole('option', { name: table(ANSWERED - 3) })
    await hovered.hover()
    await expect(hovered).toHaveAttribute('aria-selected', 'true')

    // typing filters: the server's answer for the text, its best first; End, then Enter opens the active table
    await page.keyboard.type('many_14')
    await expectActiveShown(page, table(1400))
    await page.keyboard.press('End')
    await expectActiveShown(page, table(1499))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/project\/default\/editor\/\d+/)
    await expect(page.getByRole('heading', { level: 1, name: `Table ${table(1499)}` })).toBeVisible()
  } finally {
    await sql(request, `drop schema ${schema} cascade`)
  }
})
