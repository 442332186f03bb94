/**
 * A person's paths through the storage explorer (issue 6), by mouse and by keyboard, on the built app:
 * browse into folders, preview an image, rename a file and a folder, create a folder, switch to the list
 * view and sort; the storage is read back through the dashboard API. Each test has a bucket of its own.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod } from './support/helpers'

const api = '/platform/storage/default/buckets'
// a 16×16 red PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGP4z8BAEmIY1TCqYVTDUNUAAFCm/xE2CjTqAAAAAElFTkSuQmCC',
  'base64',
)

async function seedBucket(request: APIRequestContext): Promise<string> {
  const bucket = `gx-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  expect((await request.post(api, { data: { id: bucket } })).ok()).toBe(true)
  const files: [string, Buffer | string, string][] = [
    ['avatars/cat.png', PNG, 'image/png'],
    ['avatars/2024/summer.txt', 'sun', 'text/plain'],
    ['notes.txt', 'hello', 'text/plain'],
    ['zeta.txt', 'last', 'text/plain'],
  ]
  for (const [path, data, type] of files) {
    const res = await request.post(`${api}/${bucket}/objects/upload?path=${encodeURIComponent(path)}`, { data, headers: { 'content-type': type } })
    expect(res.ok(), await res.text()).toBe(true)
  }
  return bucket
}

async function names(request: APIRequestContext, bucket: string, path: string): Promise<string[]> {
  const res = await request.post(`${api}/${bucket}/objects/list`, { data: { path } })
  return ((await res.json()) as { name: string }[]).map((e) => e.name)
}

const column = (page: Page, path: string) => page.getByRole('grid', { name: path ? `Folder ${path}` : 'Bucket root' })
const row = (page: Page, path: string, name: string) => column(page, path).getByRole('row', { name, exact: true })

test('by mouse: browse, preview an image, rename a file and a folder, new folder, list view and sort', async ({ page, request }) => {
  const bucket = await seedBucket(request)
  await page.goto(`/project/default/storage/buckets/${bucket}`)
  await row(page, '', 'avatars').click()
  await row(page, 'avatars', '2024').click()
  await expect(row(page, 'avatars/2024', 'summer.txt')).toBeVisible()

  await row(page, 'avatars', 'cat.png').click()
  const preview = page.getByRole('complementary', { name: 'File preview' })
  await expect(preview.getByRole('img', { name: 'cat.png' })).toBeVisible()
  await expect(preview).toContainText('image/png')
  await expect(column(page, 'avatars/2024')).toHaveCount(0)

  // rename a file from its row menu
  await row(page, '', 'notes.txt').hover()
  await page.getByRole('button', { name: 'Actions for notes.txt' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'New name for notes.txt' }).fill('memo.txt')
  await page.keyboard.press('Enter')
  await expect(row(page, '', 'memo.txt')).toBeVisible()
  await expect.poll(() => names(request, bucket, '')).toContain('memo.txt')

  // rename a folder
  await row(page, '', 'avatars').hover()
  await page.getByRole('button', { name: 'Actions for avatars' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'New name for avatars' }).fill('pictures')
  await page.keyboard.press('Enter')
  await expect(row(page, '', 'pictures')).toBeVisible()
  await expect.poll(() => names(request, bucket, 'pictures')).toEqual(['2024', 'cat.png'])

  // a new folder, with a refused name first
  await page.getByRole('button', { name: 'Create folder' }).click()
  const field = page.getByRole('textbox', { name: 'New folder name' })
  await field.fill('bad.name')
  await field.press('Enter')
  await expect(page.getByText('Folder name contains invalid special characters', { exact: true })).toBeVisible()
  await field.fill('reports')
  await field.press('Enter')
  await expect(row(page, '', 'reports')).toBeVisible()
  await expect.poll(() => names(request, bucket, '')).toContain('reports')

  // the list view, sorted by name descending
  await page.getByRole('button', { name: 'View', exact: true }).click()
  await page.getByRole('menuitemcheckbox', { name: 'As list' }).click()
  await expect(page.getByRole('columnheader', { name: 'Last modified at' })).toBeVisible()
  await page.getByRole('button', { name: 'View', exact: true }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Descending' }).click()
  // row 0 is the header
  await expect(column(page, '').getByRole('row').nth(1)).toHaveAccessibleName('zeta.txt')
})

test('by keyboard: arrows and Enter into folders, F2 to rename, Escape, the palette for the view', async ({ page, request }) => {
  const bucket = await seedBucket(request)
  await page.goto(`/project/default/storage/buckets/${bucket}`)
  await expect(row(page, '', 'avatars')).toBeVisible()
  await page.getByRole('application', { name: `Files in ${bucket}` }).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(row(page, 'avatars', 'cat.png')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(row(page, 'avatars/2024', 'summer.txt')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('complementary', { name: 'File preview' }).getByRole('img', { name: 'cat.png' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('complementary', { name: 'File preview' })).toHaveCount(0)

  await page.keyboard.press('F2')
  const field = page.getByRole('textbox', { name: 'New name for cat.png' })
  await field.fill('kitten.png')
  await field.press('Enter')
  await expect(row(page, 'avatars', 'kitten.png')).toBeVisible()
  await expect.poll(() => names(request, bucket, 'avatars')).toEqual(['2024', 'kitten.png'])

  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type('View files as')
  await page.keyboard.press('Enter')
  await page.keyboard.type('As list')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('columnheader', { name: 'Last modified at' })).toBeVisible()
})
