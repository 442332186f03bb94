/**
 * Authentication → Users (issue 13): find, create, invite, mail, ban, sign out and delete the project's
 * users, and remove their MFA factors. Changes need project_auth:all (spec 6; the server enforces it). The
 * user picker searches the server by email, phone or id, so ⌘K finds any of 100,000 users by typing. Most
 * commands live on /project/{ref}/auth/users; 'auth.user.open' works from anywhere. Bodies in
 * auth-users.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgQuery } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { AUTH_USER_FILTERS, AUTH_USER_SORTS } from '../src/shared/auth'
import { CreateAuthUserBody } from '../src/shared/contract/auth-users'
import { MSG } from '../src/shared/messages'
import { usersState } from '../src/web/model/auth/users-state'
import { BAN_DURATIONS, FILTER_LABELS, SORT_LABELS } from '../src/web/model/auth/users-rules'

const load = () => import('./auth-users.run')

const AREA = 'auth'

const onUsersPage = (ctx: CommandContext) => ctx.route.matches('auth.users')
export const canManageUsers = (ctx: CommandContext) => ctx.can('projectAuthAll') || MSG.noPermission('manage users')

/** Users whose email, phone or id holds the text typed, the user in view first: searched by the body module, loaded on first use. */
const userOptions = (ctx: CommandContext, sofar: unknown, typed?: ArgQuery) => load().then((m) => m.userOptions(ctx, sofar, typed))

const userId = z.string({ error: 'Pick a user' }).uuid('Pick a user')
/** The one argument of a command on a user: picked by typing part of the email, phone or id. */
const pickUser = {
  args: z.object({ userId }),
  argOptions: { userId: userOptions },
  argSearch: { userId: true as const },
  argLabels: { userId: 'User (type part of the email, phone or id)' },
}

export const PickUserArgs = pickUser.args

export const openUser = defineCommand({
  id: 'auth.user.open',
  title: 'Open user',
  area: AREA,
  keywords: ['find user', 'user by email', 'auth', 'account', 'search users'],
  ...pickUser,
  run: lazyRun(load, 'openUser'),
})

export const closeUserPanel = defineCommand({
  id: 'auth.user.panel.close',
  title: 'Close user panel',
  area: AREA,
  when: (ctx) => onUsersPage(ctx) && typeof ctx.location.search.user === 'string',
  run: lazyRun(load, 'closeUserPanel'),
})

export const openFocusedUser = defineCommand({
  id: 'auth.user.panel.open',
  title: 'Open the selected user',
  area: AREA,
  keywords: ['details', 'identities', 'sessions', 'factors', 'metadata'],
  when: onUsersPage,
  enabled: () => Boolean(usersState.focusedUserId) || 'Select a user in the list first',
  run: lazyRun(load, 'openFocusedUser'),
})

export const refreshUsers = defineCommand({
  id: 'auth.users.refresh',
  title: 'Refresh users',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onUsersPage,
  run: lazyRun(load, 'refreshUsersList'),
})

export const SearchUsersArgs = z.object({ search: z.string().max(320) })

export const searchUsers = defineCommand({
  id: 'auth.users.search',
  title: 'Search users',
  area: AREA,
  keywords: ['filter', 'find', 'email', 'phone', 'id'],
  args: SearchUsersArgs,
  argLabels: { search: 'Email, phone or id (empty shows every user)' },
  when: onUsersPage,
  run: lazyRun(load, 'searchUsers'),
})

export const FilterUsersArgs = z.object({ filter: z.enum(AUTH_USER_FILTERS, { error: 'Pick a filter' }) })

export const filterUsers = defineCommand({
  id: 'auth.users.filter.set',
  title: 'Filter users',
  area: AREA,
  keywords: ['verified', 'unverified', 'anonymous', 'confirmed', 'all users'],
  args: FilterUsersArgs,
  argOptions: { filter: () => AUTH_USER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] })) },
  argLabels: { filter: 'Show' },
  when: onUsersPage,
  run: lazyRun(load, 'filterUsers'),
})

export const SortUsersArgs = z.object({
  sort: z.enum(AUTH_USER_SORTS, { error: 'Pick a column' }),
  order: z.enum(['asc', 'desc']).default('desc'),
})

export const sortUsers = defineCommand({
  id: 'auth.users.sort.set',
  title: 'Sort users',
  area: AREA,
  keywords: ['order', 'created', 'email', 'last sign in', 'ascending', 'descending'],
  args: SortUsersArgs,
  argOptions: {
    sort: () => AUTH_USER_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] })),
    order: () => [{ value: 'desc', label: 'Descending' }, { value: 'asc', label: 'Ascending' }],
  },
  argLabels: { sort: 'Sort by', order: 'Order' },
  when: onUsersPage,
  run: lazyRun(load, 'sortUsers'),
})

export const openCreateUserDialog = defineCommand({
  id: 'auth.user.create-dialog.open',
  title: 'Create new user',
  area: AREA,
  keywords: ['add user', 'new user', 'sign up'],
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'openCreateUserDialog'),
})

export const CreateUserArgs = z.object({
  email: CreateAuthUserBody.shape.email,
  password: CreateAuthUserBody.shape.password,
  autoConfirm: z.boolean().default(true),
})

export const createUser = defineCommand({
  id: 'auth.user.create',
  title: 'Create user, field by field',
  area: AREA,
  keywords: ['add user', 'new user', 'email', 'password'],
  args: CreateUserArgs,
  argLabels: { email: 'Email address', password: 'Password', autoConfirm: 'Auto confirm user' },
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'createUser'),
})

export const openInviteDialog = defineCommand({
  id: 'auth.user.invite-dialog.open',
  title: 'Send invitation',
  area: AREA,
  keywords: ['invite user', 'add user', 'email'],
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'openInviteDialog'),
})

export const InviteUserArgs = z.object({ email: CreateAuthUserBody.shape.email })

export const inviteUser = defineCommand({
  id: 'auth.user.invite',
  title: 'Invite user by email',
  area: AREA,
  keywords: ['invitation', 'add user', 'email'],
  args: InviteUserArgs,
  argLabels: { email: 'Email address' },
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'inviteUser'),
})

export const sendMagicLink = defineCommand({
  id: 'auth.user.magic-link.send',
  title: 'Send magic link',
  area: AREA,
  keywords: ['otp', 'sign in link', 'passwordless', 'email'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'sendMagicLink'),
})

export const sendRecovery = defineCommand({
  id: 'auth.user.recovery.send',
  title: 'Send password recovery',
  area: AREA,
  keywords: ['reset password', 'forgot password', 'recover', 'email'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'sendRecovery'),
})

export const openBanDialog = defineCommand({
  id: 'auth.user.ban-dialog.open',
  title: 'Ban user…',
  area: AREA,
  keywords: ['block', 'suspend', 'disable'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'openBanDialog'),
})

const BAN_VALUES = BAN_DURATIONS.map((d) => d.value) as [string, ...string[]]
export const BanUserArgs = z.object({ userId, duration: z.enum(BAN_VALUES, { error: 'Pick a duration' }) })

export const banUser = defineCommand({
  id: 'auth.user.ban',
  title: 'Ban user',
  area: AREA,
  keywords: ['block', 'suspend', 'disable', 'duration'],
  args: BanUserArgs,
  argOptions: { userId: userOptions, duration: () => BAN_DURATIONS.map((d) => ({ value: d.value, label: d.label })) },
  argSearch: { userId: true },
  argLabels: { userId: 'User (type part of the email, phone or id)', duration: 'Ban for' },
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'banUser'),
})

export const unbanUser = defineCommand({
  id: 'auth.user.unban',
  title: 'Unban user',
  area: AREA,
  keywords: ['lift ban', 'unblock', 'enable'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'unbanUser'),
})

export const signOutUser = defineCommand({
  id: 'auth.user.sign-out',
  title: 'Sign out user from all sessions',
  area: AREA,
  keywords: ['logout', 'log out', 'revoke', 'sessions', 'refresh tokens'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'signOutUser'),
})

export const RemoveFactorArgs = z.object({ userId, factorId: z.string({ error: 'Pick a factor' }).uuid('Pick a factor') })

export const removeFactor = defineCommand({
  id: 'auth.user.factor.remove',
  title: 'Remove MFA factor',
  area: AREA,
  keywords: ['mfa', 'totp', '2fa', 'two factor', 'authenticator', 'unenroll'],
  args: RemoveFactorArgs,
  argOptions: {
    userId: userOptions,
    factorId: (ctx, sofar) => load().then((m) => m.factorOptions(ctx, sofar.userId)),
  },
  argSearch: { userId: true },
  argLabels: { userId: 'User (type part of the email, phone or id)', factorId: 'Factor' },
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'removeFactor'),
})

export const openDeleteDialog = defineCommand({
  id: 'auth.user.delete-dialog.open',
  title: 'Delete user…',
  area: AREA,
  keywords: ['remove user', 'erase'],
  ...pickUser,
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'openDeleteDialog'),
})

export const DeleteUserArgs = z.object({
  userId,
  /** type-to-confirm: the user's email (or id, for a user without one) */
  confirmation: z.string({ error: MSG.valueMismatch }),
})

export const deleteUser = defineCommand({
  id: 'auth.user.delete',
  title: 'Delete user',
  area: AREA,
  keywords: ['remove user', 'erase'],
  args: DeleteUserArgs,
  argOptions: { userId: userOptions },
  argSearch: { userId: true },
  argLabels: { userId: 'User (type part of the email, phone or id)', confirmation: "Type the user's email (or id) to confirm" },
  when: onUsersPage,
  enabled: canManageUsers,
  run: lazyRun(load, 'deleteUser'),
})
