/**
 * Storage policies (spec 3 Policy form (storage), 5 Storage policy review, 9 Policies): the operations a
 * person allows and the SQL commands they need, the five templates, the review rules, and the SQL a form
 * makes: one PERMISSIVE policy on storage.objects per SQL command, the bucket's condition ANDed with the
 * definition. Pure, so the modal's review shows exactly what the commands then create.
 */
import { POLICY_NAME_MAX, STORAGE_POLICY_NAME_MAX } from './constants'
import { MSG } from './messages'
import type { Policy, PolicyCommand } from './policies'
import { createPolicySql, expressionProblem, type PolicyCreate } from './policy-sql'
import { quoteLiteral } from './sql-quote'

export const STORAGE_SQL_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const
export type StorageSqlCommand = (typeof STORAGE_SQL_COMMANDS)[number]

/** What a storage client does, and the SQL commands its policies must allow (spec 9). */
export const STORAGE_OPERATIONS = {
  upload: { label: 'Upload', commands: ['INSERT'] },
  download: { label: 'Download', commands: ['SELECT'] },
  list: { label: 'List', commands: ['SELECT'] },
  update: { label: 'Update', commands: ['SELECT', 'UPDATE'] },
  move: { label: 'Move', commands: ['SELECT', 'UPDATE'] },
  copy: { label: 'Copy', commands: ['SELECT', 'INSERT'] },
  remove: { label: 'Remove', commands: ['SELECT', 'DELETE'] },
  'signed-urls': { label: 'Signed URLs', commands: ['SELECT'] },
  'public-url': { label: 'Public URL', commands: [] },
} as const satisfies Record<string, { label: string; commands: readonly StorageSqlCommand[] }>
export type StorageOperation = keyof typeof STORAGE_OPERATIONS
export const STORAGE_OPERATION_IDS = Object.keys(STORAGE_OPERATIONS) as StorageOperation[]

/** The SQL commands the operations need, once each, in SELECT, INSERT, UPDATE, DELETE order. A SQL command name stands for itself. */
export function sqlCommandsFor(operations: readonly (StorageOperation | StorageSqlCommand)[]): StorageSqlCommand[] {
  const wanted = new Set<StorageSqlCommand>()
  for (const op of operations) {
    if ((STORAGE_SQL_COMMANDS as readonly string[]).includes(op)) wanted.add(op as StorageSqlCommand)
    else for (const c of STORAGE_OPERATIONS[op as StorageOperation]?.commands ?? []) wanted.add(c)
  }
  return STORAGE_SQL_COMMANDS.filter((c) => wanted.has(c))
}

export interface StoragePolicyForm {
  name: string
  operations: readonly (StorageOperation | StorageSqlCommand)[]
  /** none: public */
  roles: readonly string[]
  definition: string
}

/** The first review rule (spec 5) the form breaks, or why its definition cannot be one expression; null when it may be saved. */
export function storagePolicyProblem(form: Pick<StoragePolicyForm, 'name' | 'operations' | 'definition'>): string | null {
  if (!form.name.trim()) return MSG.policyNameRequired
  if (form.name.length > STORAGE_POLICY_NAME_MAX) return MSG.storagePolicyNameTooLong
  if (!sqlCommandsFor(form.operations).length) return MSG.storagePolicyOperationRequired
  if (!form.definition.trim()) return MSG.storagePolicyDefinitionRequired
  return expressionProblem(form.definition)
}

/** `bucket_id = '<id>'`: what ties a policy on storage.objects to a bucket. */
export function bucketCondition(bucketId: string): string {
  return `bucket_id = ${quoteLiteral(bucketId)}`
}

/**
 * The policy's expression: the bucket's condition AND the definition in its own parentheses (a trailing
 * line comment cannot swallow the closing one). Without a bucket, the definition as written.
 */
export function storagePolicyExpression(bucketId: string | null, definition: string): string {
  const own = definition.trim()
  if (bucketId === null) return own
  return `${bucketCondition(bucketId)} and (${own}${own.includes('--') ? '\n' : ''})`
}

/** A short stable hash of name and bucket (FNV-1a, 7 base-36 characters): tells policies of the same name on other buckets apart. */
export function shortHash(name: string, bucketId: string | null): string {
  let h = 0x811c9dc5
  for (const ch of `${bucketId ?? ''}\u0000${name}`) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36).padStart(7, '0')
}

const utf8 = new TextEncoder()

/**
 * `base` then `suffix` within Postgres' name length (63 bytes of UTF-8): the base loses whole characters
 * from its end, so the suffix that tells the policies apart is never cut off.
 */
function nameWithSuffix(base: string, suffix: string): string {
  const chars = [...base]
  while (chars.length && utf8.encode(chars.join('') + suffix).length > POLICY_NAME_MAX) chars.pop()
  return chars.join('') + suffix
}

/**
 * One policy per SQL command the operations need, on storage.objects, PERMISSIVE: INSERT checks its
 * expression WITH CHECK, the others USING. Several are named `<name> <short hash>_<index>` (index from 0).
 */
export function storagePolicyCreates(bucketId: string | null, form: StoragePolicyForm): PolicyCreate[] {
  const commands = sqlCommandsFor(form.operations)
  const expression = storagePolicyExpression(bucketId, form.definition)
  const hash = shortHash(form.name, bucketId)
  return commands.map((command: PolicyCommand, index) => ({
    name: commands.length > 1 ? nameWithSuffix(form.name, ` ${hash}_${index}`) : form.name,
    schema: 'storage',
    table: 'objects',
    action: 'PERMISSIVE',
    command,
    definition: command === 'INSERT' ? null : expression,
    check: command === 'INSERT' ? expression : null,
    roles: [...form.roles],
  }))
}

/** The SQL of every policy the form creates, as the review shows it (throws on a definition that is not one expression). */
export function storagePoliciesSql(bucketId: string | null, form: StoragePolicyForm): string {
  return storagePolicyCreates(bucketId, form).map(createPolicySql).join('\n\n')
}

// ---- the page's groups (spec 2) ----

const BUCKET_LITERAL = /bucket_id\s*=\s*'((?:[^']|'')*)'|'((?:[^']|'')*)'(?:::text)?\s*=\s*bucket_id/g

/** The bucket a policy on storage.objects names (`bucket_id = '<id>'` in USING or WITH CHECK), among `bucketIds`. */
export function policyBucketId(policy: Pick<Policy, 'definition' | 'check'>, bucketIds: ReadonlySet<string>): string | null {
  for (const expr of [policy.definition, policy.check]) {
    for (const m of expr?.matchAll(BUCKET_LITERAL) ?? []) {
      const id = (m[1] ?? m[2] ?? '').replaceAll("''", "'")
      if (bucketIds.has(id)) return id
    }
  }
  return null
}

export interface StoragePolicyGroups {
  /** per bucket id, its policies on storage.objects */
  byBucket: Map<string, Policy[]>
  /** the rest of storage.objects' policies */
  otherObjects: Policy[]
  /** policies on storage.buckets */
  bucketTable: Policy[]
}

export function groupStoragePolicies(policies: readonly Policy[], bucketIds: readonly string[]): StoragePolicyGroups {
  const ids = new Set(bucketIds)
  const groups: StoragePolicyGroups = { byBucket: new Map(bucketIds.map((id) => [id, []])), otherObjects: [], bucketTable: [] }
  for (const p of policies) {
    if (p.schema !== 'storage') continue
    if (p.table === 'buckets') groups.bucketTable.push(p)
    if (p.table !== 'objects') continue
    const bucket = policyBucketId(p, ids)
    if (bucket === null) groups.otherObjects.push(p)
    else groups.byBucket.get(bucket)!.push(p)
  }
  return groups
}

// ---- the five templates (spec 9) ----

export interface StoragePolicyTemplate {
  id: string
  templateName: string
  description: string
  /** what the form is filled with */
  name: string
  definition: string
  operations: StorageOperation[]
  roles: string[]
}

/** A user id to replace: the templates for one user name one. */
export const TEMPLATE_USER_ID = 'd7bed83c-44a0-4a4f-925f-efc384ea1e50'

export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-jpg',
    templateName: 'Allow access to JPG images in a public folder to anonymous users',
    description: 'storage.extension(), storage.foldername() and auth.role() let anonymous users read JPG images in a top-level folder named "public".',
    name: 'Give anon users access to JPG images in folder',
    definition: "storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public' and auth.role() = 'anon'",
    operations: ['download'],
    roles: ['anon'],
  },
  {
    id: 'own-folder',
    templateName: 'Give users access to only their own top level folder named as uid',
    description: 'storage.foldername() and auth.uid() restrict each signed-in user to the top-level folder named by their user id.',
    name: 'Give users access to own folder',
    definition: '(storage.foldername(name))[1] = (select auth.uid()::text)',
    operations: ['upload', 'download', 'update', 'remove'],
    roles: ['authenticated'],
  },
  {
    id: 'authenticated-folder',
    templateName: 'Give users access to a folder only to authenticated users',
    description: 'storage.foldername() and auth.role() let only signed-in users use the top-level folder "private".',
    name: 'Give users authenticated access to folder',
    definition: "(storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated'",
    operations: ['upload', 'download'],
    roles: ['authenticated'],
  },
  {
    id: 'nested-folder-user',
    templateName: 'Give access to a nested folder called admin/assets only to a specific user',
    description: `storage.foldername() and auth.uid() give one user (replace ${TEMPLATE_USER_ID} with their id) the folder admin/assets.`,
    name: 'Give access to a folder to a user',
    definition: `(storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and (select auth.uid()::text) = '${TEMPLATE_USER_ID}'`,
    operations: ['download'],
    roles: ['authenticated'],
  },
  {
    id: 'single-file-user',
    templateName: 'Give access to a file to a user',
    description: `name and auth.uid() give one user (replace ${TEMPLATE_USER_ID} with their id) a single file, admin/assets/Costa Rican Sloth.jpg.`,
    name: 'Give user access to a file',
    definition: `name = 'admin/assets/Costa Rican Sloth.jpg' and (select auth.uid()::text) = '${TEMPLATE_USER_ID}'`,
    operations: ['download'],
    roles: ['authenticated'],
  },
]

export function storagePolicyTemplate(id: string): StoragePolicyTemplate | undefined {
  return STORAGE_POLICY_TEMPLATES.find((t) => t.id === id)
}
