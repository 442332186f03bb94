/**
 * The bodies of auth-users.ts's commands: list state in the URL (search, filter, sort, the open user), the
 * dialogs in users-state, the writes through the dashboard's auth calls, each followed by refreshing every
 * users query of the project.
 */
import type { z } from 'zod'
import { CommandError, NO_QUERY, currentFirst, someOptions, type ArgOption } from './registry'
import type {
  BanUserArgs, CreateUserArgs, DeleteUserArgs, FilterUsersArgs, InviteUserArgs, PickUserArgs, RemoveFactorArgs, SearchUsersArgs, SortUsersArgs,
} from './auth-users'
import type { CommandContext } from '../src/web/model/app/context'
import type { AuthUser, AuthUserDetail } from '../src/shared/auth'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { refreshUsers, userQuery, usersPageQuery, userWrites } from '../src/web/model/auth/users-data'
import { BAN_DURATIONS, deleteConfirmText, isBanned, userBadges, userLabel } from '../src/web/model/auth/users-rules'
import { closeUserDialog, openUserDialog, usersState } from '../src/web/model/auth/users-state'

/** The user, read fresh from the server (a 404 'User not found' when there is none). */
function fresh(ctx: CommandContext, id: string): Promise<AuthUserDetail> {
  return ctx.queryClient.fetchQuery({ ...userQuery(ctx.api, ctx.ref, id), staleTime: 0 })
}

/** The user's email, refusing a user without one (phone or anonymous users get no mail). */
async function emailOf(ctx: CommandContext, id: string): Promise<{ user: AuthUserDetail; email: string }> {
  const user = await fresh(ctx, id)
  if (!user.email) throw new CommandError(`${userLabel(user)} has no email address to send to`, 'invalid-args')
  return { user, email: user.email }
}

/** How many users the palette's pick list shows (typing narrows the server's search). */
const PICK_LIMIT = 50

const userOption = (u: AuthUser): ArgOption => ({
  value: u.id,
  label: userLabel(u),
  hint: [u.email && u.phone ? u.phone : null, ...userBadges(u)].filter(Boolean).join(' · ') || u.id.slice(0, 8),
})

/**
 * Users whose email, phone or id holds the text typed (newest first), as palette options; with nothing
 * typed, the user in view (the open panel, else the list's selected row) comes first, so Enter takes it.
 */
export async function userOptions(ctx: CommandContext, _sofar: unknown, { query } = NO_QUERY): Promise<ArgOption[]> {
  const listing = { search: query, filter: 'all', sort: 'created_at', order: 'desc' } as const
  const page = await ctx.queryClient.fetchQuery({ ...usersPageQuery(ctx.api, ctx.ref, listing, 1), staleTime: 0 })
  const options = page.users.slice(0, PICK_LIMIT).map(userOption)
  const open = ctx.location.search.user
  const current = query ? undefined : typeof open === 'string' ? open : (usersState.focusedUserId ?? undefined)
  if (current && !options.some((o) => o.value === current)) {
    const user = await ctx.queryClient.fetchQuery(userQuery(ctx.api, ctx.ref, current)).catch(() => null)
    if (user) options.unshift(userOption(user))
  }
  return someOptions(currentFirst(options, current), page.total)
}

/** The MFA factors of the user picked before, as palette options. */
export async function factorOptions(ctx: CommandContext, userId: string | undefined): Promise<ArgOption[]> {
  if (!userId) return []
  const user = await fresh(ctx, userId)
  return user.factors.map((f) => ({ value: f.id, label: f.friendly_name || f.factor_type.toUpperCase(), hint: `${f.factor_type} · ${f.status}` }))
}

const setSearch = (ctx: CommandContext, change: Record<string, unknown>) =>
  ctx.navigate({ search: (prev) => ({ ...prev, ...change }), replace: true })

export const openUser = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  usersState.focusedUserId = userId
  if (ctx.route.matches('auth.users')) await setSearch(ctx, { user: userId })
  else await ctx.navigate({ to: paths.authUsers(ctx.ref), search: { user: userId } })
}

export const openFocusedUser = async (ctx: CommandContext) => {
  const id = usersState.focusedUserId
  if (!id) throw new CommandError('Select a user in the list first', 'disabled')
  await setSearch(ctx, { user: id })
}

export const closeUserPanel = (ctx: CommandContext) => setSearch(ctx, { user: undefined })

export const refreshUsersList = async (ctx: CommandContext) => {
  await refreshUsers(ctx.queryClient, ctx.ref)
}

export const searchUsers = (ctx: CommandContext, { search }: z.infer<typeof SearchUsersArgs>) =>
  setSearch(ctx, { search: search.trim() || undefined, user: undefined })

export const filterUsers = (ctx: CommandContext, { filter }: z.infer<typeof FilterUsersArgs>) =>
  setSearch(ctx, { filter: filter === 'all' ? undefined : filter })

export const sortUsers = (ctx: CommandContext, { sort, order }: z.infer<typeof SortUsersArgs>) =>
  setSearch(ctx, { sort: sort === 'created_at' ? undefined : sort, order: order === 'desc' ? undefined : order })

export const openCreateUserDialog = () => openUserDialog({ kind: 'create' })
export const openInviteDialog = () => openUserDialog({ kind: 'invite' })

export const createUser = async (ctx: CommandContext, { email, password, autoConfirm }: z.infer<typeof CreateUserArgs>) => {
  const user = await userWrites.create(ctx.api, ctx.ref, { email, password, email_confirm: autoConfirm })
  await refreshUsers(ctx.queryClient, ctx.ref)
  closeUserDialog()
  ctx.toast.success(`Created user ${user.email ?? email}`)
  return user
}

export const inviteUser = async (ctx: CommandContext, { email }: z.infer<typeof InviteUserArgs>) => {
  const user = await userWrites.invite(ctx.api, ctx.ref, email)
  await refreshUsers(ctx.queryClient, ctx.ref)
  closeUserDialog()
  ctx.toast.success(`Sent an invitation to ${email}`)
  return user
}

export const sendMagicLink = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  const { email } = await emailOf(ctx, userId)
  await userWrites.magicLink(ctx.api, ctx.ref, email)
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Sent a magic link to ${email}`)
}

export const sendRecovery = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  const { email } = await emailOf(ctx, userId)
  await userWrites.recovery(ctx.api, ctx.ref, email)
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Sent a password recovery email to ${email}`)
}

export const openBanDialog = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  await fresh(ctx, userId)
  openUserDialog({ kind: 'ban', userId })
}

export const banUser = async (ctx: CommandContext, { userId, duration }: z.infer<typeof BanUserArgs>) => {
  const user = await fresh(ctx, userId)
  const banned = await userWrites.ban(ctx.api, ctx.ref, userId, duration)
  await refreshUsers(ctx.queryClient, ctx.ref)
  closeUserDialog()
  const label = BAN_DURATIONS.find((d) => d.value === duration)?.label ?? duration
  ctx.toast.success(`Banned ${userLabel(user)} for ${label.toLowerCase()}`)
  return banned
}

export const unbanUser = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  const user = await fresh(ctx, userId)
  if (!isBanned(user)) {
    ctx.toast.info(`${userLabel(user)} is not banned`)
    return user
  }
  const lifted = await userWrites.ban(ctx.api, ctx.ref, userId, 'none')
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Lifted the ban on ${userLabel(user)}`)
  return lifted
}

export const signOutUser = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  const user = await fresh(ctx, userId)
  if (user.sessions.length === 0) {
    ctx.toast.info(MSG.authUserNoSessions)
    return false
  }
  const sure = await ctx.confirm({
    title: `Sign out ${userLabel(user)}?`,
    description: `Ends ${user.sessions.length === 1 ? 'the user\'s session' : `all ${user.sessions.length} sessions of the user`}: their refresh tokens stop working and their access tokens are refused. They can sign in again.`,
    confirmLabel: 'Sign out user',
    destructive: true,
  })
  if (!sure) return false
  await userWrites.signOut(ctx.api, ctx.ref, userId)
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Signed out ${userLabel(user)} from every session`)
  return true
}

export const removeFactor = async (ctx: CommandContext, { userId, factorId }: z.infer<typeof RemoveFactorArgs>) => {
  const user = await fresh(ctx, userId)
  const factor = user.factors.find((f) => f.id === factorId)
  if (!factor) throw new CommandError(`${userLabel(user)} has no factor with id ${factorId}`, 'invalid-args')
  const name = factor.friendly_name || factor.factor_type.toUpperCase()
  const sure = await ctx.confirm({
    title: `Remove the factor ${name}?`,
    description: `${userLabel(user)} will no longer be asked for it; their sessions at aal2 step down to aal1.`,
    confirmLabel: 'Remove factor',
    destructive: true,
  })
  if (!sure) return false
  await userWrites.removeFactor(ctx.api, ctx.ref, userId, factorId)
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Removed the factor ${name} of ${userLabel(user)}`)
  return true
}

export const openDeleteDialog = async (ctx: CommandContext, { userId }: z.infer<typeof PickUserArgs>) => {
  await fresh(ctx, userId)
  openUserDialog({ kind: 'delete', userId })
}

export const deleteUser = async (ctx: CommandContext, { userId, confirmation }: z.infer<typeof DeleteUserArgs>) => {
  const user = await fresh(ctx, userId)
  if (confirmation.trim() !== deleteConfirmText(user)) throw new CommandError(MSG.valueMismatch, 'invalid-args')
  await userWrites.remove(ctx.api, ctx.ref, userId)
  closeUserDialog()
  if (ctx.location.search.user === userId) await setSearch(ctx, { user: undefined })
  if (usersState.focusedUserId === userId) usersState.focusedUserId = null
  ctx.queryClient.removeQueries({ queryKey: userQuery(ctx.api, ctx.ref, userId).queryKey })
  await refreshUsers(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted user ${userLabel(user)}`)
  return true
}
