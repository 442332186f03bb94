/**
 * What the dashboard's auth routes (src/server/auth/dashboard-routes.ts) ask of the project's auth service
 * (src/server/auth/service.ts implements it). Every method acts with the service's full rights: the
 * dashboard routes check the studio user's permissions before calling. Errors are AuthError (GoTrue's
 * shape: status, code, message), which the dashboard routes answer as they are.
 */
import type {
  AuthConfig, AuthConfigPatch, AuthUser, AuthUserDetail, AuthUsersPage, AuthUsersQuery, OutboxMail,
} from '../../shared/auth'

export interface AuthAdmin {
  listUsers(ref: string, query: AuthUsersQuery): Promise<AuthUsersPage>
  /** the user with sessions and factors; 404 user_not_found */
  user(ref: string, id: string): Promise<AuthUserDetail>
  /** email + password; confirmed at once when autoConfirm */
  createUser(ref: string, input: { email: string; password: string; autoConfirm: boolean; userMetadata?: Record<string, unknown> }): Promise<AuthUser>
  /** creates the user (unconfirmed) and mails an invite link */
  inviteUser(ref: string, email: string, redirectTo?: string): Promise<AuthUser>
  sendMagicLink(ref: string, email: string, redirectTo?: string): Promise<void>
  sendRecovery(ref: string, email: string, redirectTo?: string): Promise<void>
  /** duration as GoTrue's ban_duration: '24h', '876000h', or 'none' to lift a ban */
  banUser(ref: string, id: string, duration: string): Promise<AuthUser>
  /** ends every session of the user (their refresh tokens stop working, their access tokens are refused by /user) */
  signOutUser(ref: string, id: string): Promise<void>
  deleteUser(ref: string, id: string): Promise<void>
  deleteFactor(ref: string, userId: string, factorId: string): Promise<void>
  config(ref: string): Promise<AuthConfig>
  updateConfig(ref: string, patch: AuthConfigPatch): Promise<AuthConfig>
  /** newest first; `before` is the created_at of the last mail of the previous page */
  outbox(ref: string, options: { limit: number; before?: string }): Promise<OutboxMail[]>
  /** how many users the project has (Project overview) */
  userCount(ref: string): Promise<number>
}
