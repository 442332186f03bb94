/**
 * The database policy templates (spec 3 Policy template, spec 9: eight, five usable and three
 * preview-only), written for one table. A usable template's statement is exactly what the server runs
 * for its fields; a preview shows SQL that needs more than the table has (another table, a function, a
 * column), so it is for reading and adapting, not for applying as it is.
 */
import type { PolicyCommand } from './policies'
import { createPolicySql } from './policy-sql'
import { quoteQualified } from './sql-quote'

export interface PolicyTemplate {
  id: string
  /** the title the template gallery shows */
  templateName: string
  description: string
  /** the whole `create policy …` statement for this table, as the review shows it */
  statement: string
  /** what the editor's fields are filled with */
  name: string
  definition: string
  check: string
  command: PolicyCommand
  roles: string[]
  /** shown for reading only: it cannot be applied to the table as it is */
  preview: boolean
}

/** The signed-in user owns the row: `auth.uid()` once per statement, not once per row. */
const OWNS_ROW = '(select auth.uid()) = user_id'
const NEEDS_USER_ID = 'The table needs a user_id uuid column holding the id of the user who owns the row.'

type Fields = Omit<PolicyTemplate, 'statement' | 'preview'>

/** The eight templates for `schema.table`; usable ones first. */
export function policyTemplates(schema: string, table: string): PolicyTemplate[] {
  const sql = (t: Fields) => createPolicySql({ ...t, schema, table })
  const usable = (t: Fields): PolicyTemplate => ({ ...t, statement: sql(t), preview: false })
  const preview = (t: Fields, before = ''): PolicyTemplate => ({ ...t, statement: before + sql(t), preview: true })
  const members = quoteQualified(schema, 'team_members')

  return [
    usable({
      id: 'read-for-everyone',
      templateName: 'Enable read access for everyone',
      description: 'Everyone, signed in or not, can read every row of the table.',
      name: 'Enable read access for everyone',
      command: 'SELECT',
      roles: [],
      definition: 'true',
      check: '',
    }),
    usable({
      id: 'insert-for-authenticated',
      templateName: 'Enable insert for authenticated users only',
      description: 'Signed-in users can add rows; anonymous visitors cannot.',
      name: 'Enable insert for authenticated users only',
      command: 'INSERT',
      roles: ['authenticated'],
      definition: '',
      check: 'true',
    }),
    usable({
      id: 'update-own-rows',
      templateName: 'Enable update for users based on user_id',
      description: `Signed-in users can change their own rows and cannot give a row to someone else. ${NEEDS_USER_ID}`,
      name: 'Enable update for users based on user_id',
      command: 'UPDATE',
      roles: ['authenticated'],
      definition: OWNS_ROW,
      check: OWNS_ROW,
    }),
    usable({
      id: 'delete-own-rows',
      templateName: 'Enable delete for users based on user_id',
      description: `Signed-in users can delete their own rows only. ${NEEDS_USER_ID}`,
      name: 'Enable delete for users based on user_id',
      command: 'DELETE',
      roles: ['authenticated'],
      definition: OWNS_ROW,
      check: '',
    }),
    usable({
      id: 'insert-own-rows',
      templateName: 'Enable insert for users based on user_id',
      description: `Signed-in users can add rows only in their own name. ${NEEDS_USER_ID}`,
      name: 'Enable insert for users based on user_id',
      command: 'INSERT',
      roles: ['authenticated'],
      definition: '',
      check: OWNS_ROW,
    }),
    preview({
      id: 'read-for-team-members',
      templateName: 'Enable read access for team members',
      description:
        'Signed-in users can read the rows of the teams they belong to. Needs a team_id column and a team_members table (team_id, user_id).',
      name: 'Enable read access for team members',
      command: 'SELECT',
      roles: ['authenticated'],
      definition: `team_id in (\n  select team_id from ${members}\n  where user_id = (select auth.uid())\n)`,
      check: '',
    }),
    preview(
      {
        id: 'read-through-security-definer',
        templateName: 'Enable read access through a security definer function',
        description:
          'The same team check, run by a function with the rights of its owner, so the team_members table needs no policy of its own. Create the function first; keep it out of exposed schemas.',
        name: 'Enable read access through a security definer function',
        command: 'SELECT',
        roles: ['authenticated'],
        definition: 'team_id in (select private.user_teams())',
        check: '',
      },
      `create schema if not exists private;

create or replace function private.user_teams()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select team_id from ${members} where user_id = (select auth.uid())
$$;

`,
    ),
    preview({
      id: 'read-recent-rows',
      templateName: 'Enable read access to rows from the last 24 hours',
      description: 'Everyone can read rows created in the last 24 hours; older rows are hidden. Needs a created_at timestamptz column.',
      name: 'Enable read access to rows from the last 24 hours',
      command: 'SELECT',
      roles: [],
      definition: "created_at > (now() - interval '24 hours')",
      check: '',
    }),
  ]
}
