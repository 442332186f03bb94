/**
 * A person's paths through the explorer's object actions (issue 6), once by mouse and once by keyboard
 * (the palette, Control+k): upload a folder, sign a URL and fetch it, move files, delete a folder; then
 * the bucket is read through the dashboard's storage calls to see what it holds. Each test has a bucket
 * of its own, deleted at the end.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod } from './support/helpers'

const storage = '/platform/storage/default/buckets'

async function createBucket(request: APIRequestContext, id: string): Promise<void> {
  const res = await request.post(storage, { data: { id, public: false } })
  expect(res.ok(), await res.text()).toBe(true)
}

async function dropBucket(request: APIRequestContext, id: string): Promise<void> {
  await request.post(`${storage}/${id}/empty`)
  await request.delete(`${storage}/${id}`)
}

/** Every object key of the bucket (folders walked). */
async function keys(request: APIRequestContext, bucket: string, path = ''): Promise<string[]> {
  const res = await request.post(`${storage}/${bucket}/objects/list`, { data: { path } })
  const out: string[] = []
  for (const item of (await res.json()) as { id: string | null; name: string }[]) {
    const key = path ? `${path}/${item.name}` : item.name
    if (item.id) out.push(key)
    else out.push(...(await keys(request, bucket, key)))
  }
  return out.sort()
}

const folders: string[] = []
test.afterAll(async () => {
  for (const root of folders.splice(0)) await rm(root, { recursive: true, force: true })
})

/** A folder 'photos' on disk: a.txt, b.txt and sub/c.txt (removed after the tests). */
async function photosFolder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'e2e-upload-'))
  folders.push(root)
  const dir = join(root, 'photos')
  await mkdir(join(dir, 'sub'), { recursive: true })
  await writeFile(join(dir, 'a.txt'), 'alpha')
  await writeFile(join(dir, 'b.txt'), 'bravo')
  await writeFile(join(dir, 'sub', 'c.txt'), 'charlie')
  return dir
}

function row(page: Page, path: string) {
  return page.locator(`[role="row"][data-path="${path}"]`)
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('.ui-toast__message').filter({ hasText: text }).first()
}

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText())
}

/** Runs a command from the palette; `skip` presses Enter on that many optional steps (paths: the selection). */
async function palette(page: Page, title: string, skip = 0) {
  await page.keyboard.press(`${mod}+k`)
  await page.keyboard.type(title)
  await expect(page.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible()
  await page.keyboard.press('Enter')
  for (let i = 0; i < skip; i++) {
    await expect(page.getByText('leave it empty to skip')).toBeVisible()
    await page.keyboard.press('Enter')
  }
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('by mouse: upload a folder, get a signed URL, move two files, delete a folder', async ({ page, request }) => {
  const bucket = `e2e-mouse-${Date.now()}`
  await createBucket(request, bucket)
  const folder = await photosFolder()
  await page.goto(`/project/default/storage/buckets/${bucket}`)

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Upload folder' }).click()
  await (await chooser).setFiles(folder)
  await expect(toast(page, 'Successfully uploaded 3 files')).toBeVisible()
  expect(await keys(request, bucket)).toEqual(['photos/a.txt', 'photos/b.txt', 'photos/sub/c.txt'])

  await row(page, 'photos').click()
  await row(page, 'photos/a.txt').click()
  await page.getByRole('button', { name: 'Get URL' }).click()
  const dialog = page.getByRole('dialog', { name: 'Get URL for a.txt' })
  await dialog.getByText('1 month').click()
  await expect(dialog.getByTestId('storage-url-expiry')).toContainText('Expires on')
  await dialog.getByRole('button', { name: 'Copy signed URL' }).click()
  await expect(toast(page, 'Copied URL for a.txt to clipboard')).toBeVisible()
  const signed = await request.get(await clipboardText(page))
  expect(await signed.text()).toBe('alpha')

  await row(page, 'photos/a.txt').getByRole('checkbox').check()
  await row(page, 'photos/b.txt').getByRole('checkbox').check()
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Move' }).click()
  const move = page.getByRole('dialog', { name: 'Move 2 items' })
  await move.getByLabel('Path to new directory').fill('/archive')
  await move.getByRole('button', { name: 'Move files' }).click()
  await expect(toast(page, 'Successfully moved 2 items to archive')).toBeVisible()
  expect(await keys(request, bucket)).toEqual(['archive/a.txt', 'archive/b.txt', 'photos/sub/c.txt'])

  await row(page, 'photos').getByRole('checkbox').check()
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Successfully deleted 1 file')).toBeVisible()
  expect(await keys(request, bucket)).toEqual(['archive/a.txt', 'archive/b.txt'])
  await expect(row(page, 'photos')).toHaveCount(0)

  await dropBucket(request, bucket)
})

test('by keyboard: the palette uploads a folder, signs a URL, moves and deletes', async ({ page, request }) => {
  const bucket = `e2e-keys-${Date.now()}`
  await createBucket(request, bucket)
  const folder = await photosFolder()
  await page.goto(`/project/default/storage/buckets/${bucket}`)
  await expect(page.getByRole('application', { name: `Files in ${bucket}` })).toBeVisible()

  const chooser = page.waitForEvent('filechooser')
  await palette(page, 'Upload a folder')
  await (await chooser).setFiles(folder)
  await expect(toast(page, 'Successfully uploaded 3 files')).toBeVisible()

  await palette(page, 'Copy a signed URL')
  await page.keyboard.type('photos/b.txt')
  await page.keyboard.press('Enter')
  await page.keyboard.type('60')
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Copied URL for b.txt to clipboard')).toBeVisible()
  expect(await (await request.get(await clipboardText(page))).text()).toBe('bravo')

  // the cursor: into the bucket's column, open photos, select a.txt with Space
  await page.getByRole('application', { name: `Files in ${bucket}` }).focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(row(page, 'photos/a.txt')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(page.getByText('1 item selected')).toBeVisible()

  await palette(page, 'Move selected files', 1)
  const move = page.getByRole('dialog', { name: /^Move / })
  await expect(move.getByLabel('Path to new directory')).toBeFocused()
  await page.keyboard.type('kept')
  await page.keyboard.press('Enter')
  await expect(toast(page, /Successfully moved 1 item to kept/)).toBeVisible()
  const afterMove = await keys(request, bucket)
  expect(afterMove.filter((k) => k.startsWith('kept/'))).toHaveLength(1)

  await palette(page, 'Delete selected files', 1)
  await expect(toast(page, /Select a file or folder first/)).toBeVisible()
  await page.getByRole('application', { name: `Files in ${bucket}` }).focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Space')
  await palette(page, 'Delete selected files', 1)
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(toast(page, /Successfully deleted \d+ files?/)).toBeVisible()
  expect((await keys(request, bucket)).filter((k) => k.startsWith('photos/'))).toEqual([])

  await dropBucket(request, bucket)
})
