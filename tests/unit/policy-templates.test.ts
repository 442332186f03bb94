/** The database policy templates: eight, five usable first, each usable one exactly the SQL its fields make. */
import { describe, expect, it } from 'vitest'
import { POLICY_NAME_MAX } from '../../src/shared/constants'
import { policyProblem, showsCheck, showsUsing } from '../../src/shared/policies'
import { createPolicySql } from '../../src/shared/policy-sql'
import { policyTemplates } from '../../src/shared/policy-templates'

const templates = policyTemplates('public', 'todos')
const usable = templates.filter((t) => !t.preview)

describe('database policy templates', () => {
  it('are eight: five usable, then three preview-only', () => {
    expect(templates).toHaveLength(8)
    expect(templates.map((t) => t.preview)).toEqual([false, false, false, false, false, true, true, true])
  })

  it('have unique kebab-case ids and names the editor accepts', () => {
    expect(new Set(templates.map((t) => t.id)).size).toBe(8)
    expect(new Set(templates.map((t) => t.name)).size).toBe(8)
    for (const t of templates) {
      expect(t.id).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(t.name.length).toBeLessThanOrEqual(POLICY_NAME_MAX)
      expect(t.templateName).not.toBe('')
      expect(t.description).toMatch(/\.$/)
    }
  })

  it('cover the common cases with the usable ones', () => {
    expect(usable.map((t) => [t.id, t.command, t.roles, t.definition, t.check])).toEqual([
      ['read-for-everyone', 'SELECT', [], 'true', ''],
      ['insert-for-authenticated', 'INSERT', ['authenticated'], '', 'true'],
      ['update-own-rows', 'UPDATE', ['authenticated'], '(select auth.uid()) = user_id', '(select auth.uid()) = user_id'],
      ['delete-own-rows', 'DELETE', ['authenticated'], '(select auth.uid()) = user_id', ''],
      ['insert-own-rows', 'INSERT', ['authenticated'], '', '(select auth.uid()) = user_id'],
    ])
    for (const t of usable.filter((t) => t.definition.includes('user_id') || t.check.includes('user_id'))) {
      expect(t.description).toContain('user_id')
    }
  })

  it('give each usable template the statement its fields make, and pass the policy review', () => {
    for (const t of usable) {
      expect(t.statement).toBe(createPolicySql({ ...t, schema: 'public', table: 'todos' }))
      expect(policyProblem(t)).toBeNull()
      // Fields the editor hides for the operation are empty, so nothing is lost on applying.
      if (!showsUsing(t.command)) expect(t.definition).toBe('')
      if (!showsCheck(t.command)) expect(t.check).toBe('')
    }
    expect(usable[0]!.statement).toBe(
      'create policy "Enable read access for everyone"\non "public"."todos"\nas permissive\nfor select\nto public\nusing (true);',
    )
    expect(usable[2]!.statement).toBe(
      [
        'create policy "Enable update for users based on user_id"',
        'on "public"."todos"',
        'as permissive',
        'for update',
        'to "authenticated"',
        'using ((select auth.uid()) = user_id)',
        'with check ((select auth.uid()) = user_id);',
      ].join('\n'),
    )
  })

  it('show the whole SQL a preview needs, its own policy included', () => {
    for (const t of templates.filter((t) => t.preview)) {
      expect(policyProblem(t)).toBeNull()
      expect(t.statement.endsWith(createPolicySql({ ...t, schema: 'public', table: 'todos' }))).toBe(true)
    }
    const definer = templates.find((t) => t.id === 'read-through-security-definer')!
    expect(definer.statement).toMatch(/^create schema if not exists private;\n\ncreate or replace function private\.user_teams\(\)/)
    expect(definer.statement).toContain('security definer')
  })

  it('quote odd schema and table names everywhere they appear', () => {
    const odd = policyTemplates('My "Schema"', 'to dos; drop table x')
    for (const t of odd) expect(t.statement).toContain('on "My ""Schema"""."to dos; drop table x"')
    expect(odd.find((t) => t.id === 'read-for-team-members')!.definition).toContain('"My ""Schema"""."team_members"')
    for (const t of odd.filter((t) => !t.preview)) {
      expect(t.statement).toBe(createPolicySql({ ...t, schema: 'My "Schema"', table: 'to dos; drop table x' }))
    }
  })
})
