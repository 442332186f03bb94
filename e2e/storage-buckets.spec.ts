/**
 * A person's paths through storage buckets and settings (issue 6) on the built app: create a bucket by
 * mouse (the name rules first), make it public (the warning), delete it by keyboard through the palette
 * (typing its name), and change the upload limit. What the storage holds is read back through the API.
 */
import { expect, test, type APIRequestContext } from './support/fixtures'
import { paletteCommand, palettePick } from './support/helpers'

const made: string[] = []
const bucketName = (what: string) => {
  const name = `e2e-${what}-${Math.random().toString(36).slice(2, 8)}`
  made.push(name)
  return name
}

const storage = '/platform/storage/default/buckets'
async function bucket(request: APIRequestContext, id: string) {
  const res = await request.get(`${storage}/${id}`)
  return res.ok() ? ((await res.json()) as { public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }) : null
}

test.afterAll(async ({ request }) => {
  for (const id of made) {
    await request.post(`${storage}/${id}/empty`)
    await request.delete(`${storage}/${id}`)
  }
})

test('by mouse: create a bucket (name rules first), then make it public past the warning', async ({ page, request }) => {
  const name = bucketName('mouse')
  await page.goto('/project/default/storage/buckets')
  await page.getByRole('complementary', { name: 'Storage menu' }).getByRole('button', { name: 'New bucket' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create storage bucket' })
  const nameField = dialog.getByRole('textbox', { name: 'Name of bucket' })
  await dialog.getByRole('button', { name: 'Create bucket' }).click()
  await expect(dialog.getByText('Please provide a name for your bucket')).toBeVisible()
  await nameField.fill('public')
  await dialog.getByRole('button', { name: 'Create bucket' }).click()
  await expect(dialog.getByText('"public" is a reserved name. Please choose another name')).toBeVisible()
  await nameField.fill(`${name} `)
  await dialog.getByRole('button', { name: 'Create bucket' }).click()
  await expect(dialog.getByText('The name of the bucket cannot end with a whitespace')).toBeVisible()

  await nameField.fill(name)
  await dialog.getByRole('switch', { name: /^Restrict file upload size/ }).click()
  await dialog.getByRole('textbox', { name: 'File size limit' }).pressSequentially('2a0')
  await expect(dialog.getByRole('textbox', { name: 'File size limit' })).toHaveValue('20')
  await dialog.getByRole('textbox', { name: 'Allowed MIME types' }).fill('image/*, text/plain')
  await dialog.getByRole('button', { name: 'Create bucket' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/storage/buckets/${name}$`))
  await expect(page.getByText(`Successfully created bucket ${name}`, { exact: true })).toBeVisible()
  expect(await bucket(request, name)).toMatchObject({ public: false, file_size_limit: 20 * 1024 ** 2, allowed_mime_types: ['image/*', 'text/plain'] })

  const menu = page.getByRole('navigation', { name: 'Buckets' })
  await menu.getByRole('link', { name }).hover()
  await menu.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Edit bucket' }).click()
  const edit = page.getByRole('dialog', { name: `Edit bucket "${name}"` })
  await expect(edit.getByRole('textbox', { name: 'Name of bucket' })).toBeDisabled()
  await expect(edit.getByRole('textbox', { name: 'File size limit' })).toHaveValue('20')
  await expect(edit.getByText('Warning: making bucket public')).toBeHidden()
  await edit.getByRole('switch', { name: /^Public bucket/ }).click()
  await expect(edit.getByText('Warning: making bucket public')).toBeVisible()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(menu.getByRole('listitem').filter({ hasText: name }).getByText('Public')).toBeVisible()
  expect(await bucket(request, name)).toMatchObject({ public: true, file_size_limit: 20 * 1024 ** 2 })
})

test('by keyboard: delete a bucket with its files through the palette, typing its name', async ({ page, request }) => {
  const name = bucketName('keys')
  expect((await request.post(storage, { data: { id: name } })).ok()).toBe(true)
  const upload = await request.post(`${storage}/${name}/objects/upload?path=a.txt`, { data: 'hello', headers: { 'content-type': 'text/plain' } })
  expect(upload.ok(), await upload.text()).toBe(true)
  await page.goto(`/project/default/storage/buckets/${name}`)
  await expect(page.getByRole('navigation', { name: 'Buckets' }).getByRole('link', { name })).toHaveAttribute('aria-current', 'page')

  await paletteCommand(page, 'Delete bucket')
  await palettePick(page, name)
  await palettePick(page, `${name}-typo`, 'text')
  await expect(page.getByText('Value entered does not match.', { exact: true })).toBeVisible()
  expect(await bucket(request, name)).not.toBeNull()

  await paletteCommand(page, 'Delete bucket')
  await palettePick(page, name)
  await palettePick(page, name, 'text')
  await expect(page).toHaveURL(/\/project\/default\/storage\/buckets$/)
  await expect(page.getByText(`Successfully deleted bucket ${name}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Buckets' }).getByRole('link', { name })).toBeHidden()
  expect(await bucket(request, name)).toBeNull()
})

test('storage settings: the 5 GB ceiling in the chosen unit, then a new limit saved', async ({ page, request }) => {
  const before = (await (await request.get('/platform/projects/default/config/storage')).json()) as { fileSizeLimit: number }
  // the e2e server is shared by every spec: the limit goes back even when a step fails
  try {
    await page.goto('/project/default/storage/settings')
    await expect(page.getByRole('heading', { name: 'Storage settings' })).toBeVisible()
    const field = page.getByRole('textbox', { name: 'Upload file size limit' })
    await expect(field).toHaveValue('50')
    await field.fill('6000')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Maximum limit is up to 5120 MB.')).toBeVisible()
    await field.fill('60000')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Upload file size limit must be up to 50GB (bytes)', { exact: true })).toBeVisible()
    await page.getByRole('combobox', { name: 'Size unit' }).click()
    await page.getByRole('option', { name: 'KB' }).click()
    await expect(page.getByText('Maximum limit is up to 5120 MB.')).toBeHidden()
    await field.fill('100')
    await page.getByRole('combobox', { name: 'Size unit' }).click()
    await page.getByRole('option', { name: 'MB' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Successfully updated storage settings', { exact: true })).toBeVisible()
    const after = (await (await request.get('/platform/projects/default/config/storage')).json()) as { fileSizeLimit: number }
    expect(after.fileSizeLimit).toBe(100 * 1024 ** 2)
  } finally {
    const restored = await request.patch('/platform/projects/default/config/storage', { data: { fileSizeLimit: before.fileSizeLimit } })
    expect(restored.ok()).toBe(true)
  }
})
