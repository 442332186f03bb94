/**
 * Row-level-security policies (spec sections 3, 5 and 7): the Policy shape, the API's bodies and the
 * database policy review rules. Server, commands and the policy editor all check a policy with
 * `policyProblem`, so a rule and its message live here only.
 */
import { z } from 'zod'
import { POLICY_NAME_MAX, RESERVED_ROLES } from './constants'
import { MSG } from './messages'

export const POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const
export type PolicyCommand = (typeof POLICY_COMMANDS)[number]
export const POLICY_ACTIONS = ['PERMISSIVE', 'RESTRICTIVE'] as const
export type PolicyAction = (typeof POLICY_ACTIONS)[number]

/** The role a policy applies to when it names none. */
export const PUBLIC_ROLE = 'public'

export interface Policy {
  /** pg_policy oid */
  id: number
  name: string
  schema: string
  table: string
  /** the table's oid, as in /project/{ref}/editor/{tableId} */
  table_id: number
  action: PolicyAction
  command: PolicyCommand
  /** the USING expression, as Postgres prints it */
  definition: string | null
  /** the WITH CHECK expression */
  check: string | null
  /** role names; ['public'] when the policy names none */
  roles: string[]
}

/** The USING field is shown for SELECT, UPDATE, DELETE, ALL or no operation yet (spec 5). */
export function showsUsing(command: PolicyCommand | null | undefined): boolean {
  return command !== 'INSERT'
}
/** The WITH CHECK field is shown for INSERT, UPDATE and ALL (spec 5). */
export function showsCheck(command: PolicyCommand | null | undefined): boolean {
  return command === 'INSERT' || command === 'UPDATE' || command === 'ALL'
}

/** Reserved system roles (postgres, pgbouncer…, and Postgres' own pg_* roles) cannot be picked for a policy. */
export function isPolicyRoleChoice(role: string): boolean {
  return !(RESERVED_ROLES as readonly string[]).includes(role) && !role.startsWith('pg_')
}

export interface PolicyReview {
  name: string
  command: PolicyCommand | null | undefined
  definition?: string | null
  check?: string | null
}

/** The first rule of the database policy review (spec 5) the form breaks, or null when it may be saved. */
export function policyProblem(form: PolicyReview): string | null {
  if (!form.name.trim()) return MSG.policyNameRequired
  if (!form.command) return MSG.policyCommandRequired
  const using = Boolean(form.definition?.trim())
  const check = Boolean(form.check?.trim())
  switch (form.command) {
    case 'SELECT':
    case 'DELETE':
      if (!using) return MSG.policyUsingRequired
      break
    case 'INSERT':
      if (!check) return MSG.policyCheckRequired
      break
    case 'UPDATE':
    case 'ALL':
      if (!using && !check) return MSG.policyUsingOrCheckRequired
  }
  // an expression the operation does not take is refused, not dropped (spec 5: the fields each shows)
  if (using && !showsUsing(form.command)) return MSG.policyUsingNotTaken(form.command)
  if (check && !showsCheck(form.command)) return MSG.policyCheckNotTaken(form.command)
  return null
}

// ---- API bodies (spec 7) ----
const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))

export const PoliciesQuery = z.object({
  included_schemas: csv.optional(),
  excluded_schemas: csv.optional(),
})
export const PolicyIdQuery = z.object({ id: z.coerce.number().int().positive() })

const policyName = z
  .string()
  .trim()
  .min(1, MSG.policyNameRequired)
  .max(POLICY_NAME_MAX, MSG.policyNameTooLong)
const expression = z.string().nullable().optional()
const roles = z.array(z.string().min(1)).default([])

export const PolicyCreateBody = z
  .object({
    name: policyName,
    schema: z.string().min(1),
    table: z.string().min(1),
    action: z.enum(POLICY_ACTIONS).default('PERMISSIVE'),
    command: z.enum(POLICY_COMMANDS, { error: MSG.policyCommandRequired }),
    definition: expression,
    check: expression,
    roles,
  })
  .superRefine((body, ctx) => {
    const problem = policyProblem(body)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
export type PolicyCreateBody = z.input<typeof PolicyCreateBody>

/** id plus the changed fields only (spec 7); the operation cannot change. */
export const PolicyUpdateBody = z.object({
  id: z.number().int().positive().optional(),
  name: policyName.optional(),
  definition: expression,
  check: expression,
  roles: z.array(z.string().min(1)).optional(),
})
export type PolicyUpdateBody = z.input<typeof PolicyUpdateBody>
