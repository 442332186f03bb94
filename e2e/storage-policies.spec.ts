/**
 * A person's paths through storage policies (issue 6) on the built app: policies from a template by
 * keyboard (the palette, ⌘Enter through review and save), and by mouse one from scratch, then its delete;
 * what the page shows is checked, and what the database holds through the API.
 */
import { expect, test, type APIRequestContext, type Page } from './support/fixtures'
import { mod, sql } from './support/helpers'

async function createBucket(request: APIRequestContext, id: string, isPublic = false): Promise<void> {
  const res = await request.post('/platform/storage/default/buckets', { data: { id, public: isPublic } })
  expect(res.ok(), await res.text()).toBe(true)
}

async function dropBucket(request: APIRequestContext, id: string): Promise<void> {
  for (const { policyname } of await policiesOf(request, id)) await sql(request, `drop policy "${policyname}" on storage.objects`)
  await request.delete(`/platform/storage/default/buckets/${id}`)
}

/** The storage.objects policies naming the bucket. */
const policiesOf = (request: APIRequestContext, bucket: string) =>
  sql<{ policyname: string; cmd: string; roles: string }>(
    request,
    `select policyname, cmd, array_to_string(roles, ',') as roles from pg_policies
     where schemaname = 'storage' and tablename = 'objects' and coalesce(qual, with_check) like '%''${bucket}''%' order by policyname`,
  )

const card = (page: Page, name: string) => page.getByRole('region', { name })

async function pick(page: Page, text: string) {
  await page.keyboard.type(text)
  await expect(page.getByRole('option', { name: new RegExp(text, 'i') }).first()).toBeVisible()
  await page.keyboard.press('Enter')
}

test('by keyboard: policies from the "own folder" template through the palette, review and save with ⌘Enter', async ({ page, request }) => {
  const bucket = `e2e-keys-${Date.now()}`
  await createBucket(request, bucket, true)
  await page.goto('/project/default/storage/policies')
  await expect(page.getByRole('heading', { name: 'Storage policies' })).toBeVisible()
  await expect(card(page, bucket).getByText('Public', { exact: true })).toBeVisible()

  await page.keyboard.press(`${mod}+k`)
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible()
  await pick(page, 'New storage policy')
  await pick(page, bucket)
  await pick(page, 'own top level folder')

  const modal = page.getByRole('dialog', { name: `New storage policy on bucket ${bucket}` })
  await expect(modal.getByLabel('Policy name')).toBeFocused()
  await expect(modal.getByLabel('Policy name')).toHaveValue('Give users access to own folder')
  await page.keyboard.press(`${mod}+a`)
  await page.keyboard.type('Own folder')
  await page.keyboard.press(`${mod}+Enter`)
  const review = page.getByRole('dialog', { name: `Review the SQL on bucket ${bucket}` })
  const statements = review.getByRole('textbox', { name: 'SQL to run' })
  await expect(statements).toContainText(`for insert`)
  await expect(statements).toContainText(`with check (bucket_id = '${bucket}' and ((storage.foldername(name))[1] = (select auth.uid()::text)))`)
  await page.keyboard.press(`${mod}+Enter`)
  await expect(page.getByText('Successfully created 4 policies', { exact: true })).toBeVisible()
  await expect(review).toBeHidden()

  const rows = card(page, bucket).getByRole('listitem')
  await expect(rows).toHaveCount(4)
  await expect(rows.filter({ hasText: 'INSERT' })).toContainText('authenticated')
  // named '<name> <hash>_<index>', one per SQL command in SELECT, INSERT, UPDATE, DELETE order
  const made = await policiesOf(request, bucket)
  expect(made.map((p) => [p.policyname.replace(/ [0-9a-z]{7}_/, ' #_'), p.cmd, p.roles])).toEqual([
    ['Own folder #_0', 'SELECT', 'authenticated'], ['Own folder #_1', 'INSERT', 'authenticated'],
    ['Own folder #_2', 'UPDATE', 'authenticated'], ['Own folder #_3', 'DELETE', 'authenticated'],
  ])
  await dropBucket(request, bucket)
})

test('by mouse: a policy from scratch, then delete it', async ({ page, request }) => {
  const bucket = `e2e-mouse-${Date.now()}`
  await createBucket(request, bucket)
  await page.goto('/project/default/storage/policies')

  await card(page, bucket).getByRole('button', { name: `New policy for ${bucket}` }).click()
  const modal = page.getByRole('dialog')
  await modal.getByRole('button', { name: /From scratch/ }).click()
  await modal.getByLabel('Policy name').fill('Anyone downloads')
  await modal.getByRole('button', { name: /Review/ }).click()
  await expect(modal.getByText('Please allow at least one operation in your policy')).toBeVisible()
  await modal.getByRole('checkbox', { name: /Download/ }).check()
  await modal.getByRole('checkbox', { name: 'anon' }).check()
  await modal.getByRole('button', { name: /Review/ }).click()
  await expect(modal.getByText('Please provide a definition for your policy')).toBeVisible()
  await modal.getByRole('textbox', { name: 'Policy definition' }).click()
  await page.keyboard.type("(storage.foldername(name))[1] = 'public'")
  await modal.getByRole('button', { name: /Review/ }).click()
  await expect(modal.getByRole('textbox', { name: 'SQL to run' })).toContainText(`using (bucket_id = '${bucket}' and ((storage.foldername(name))[1] = 'public'));`)
  await modal.getByRole('button', { name: /Save policy/ }).click()
  await expect(page.getByText('Successfully created policy "Anyone downloads"', { exact: true })).toBeVisible()
  await expect(modal).toBeHidden()

  const row = card(page, bucket).getByRole('listitem').filter({ hasText: 'Anyone downloads' })
  await expect(row).toContainText('SELECT')
  await expect(row).toContainText('anon')
  expect(await policiesOf(request, bucket)).toEqual([{ policyname: 'Anyone downloads', cmd: 'SELECT', roles: 'anon' }])

  await row.getByRole('button', { name: 'Delete policy Anyone downloads' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Successfully deleted policy!', { exact: true })).toBeVisible()
  await expect(row).toBeHidden()
  expect(await policiesOf(request, bucket)).toEqual([])
  await dropBucket(request, bucket)
})
