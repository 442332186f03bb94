/**
 * GoTrue's admin API (service_role key): users, invites, generated links, a user's factors.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { metadataOf } from './accounts'
import { banUntil } from './ban'
import { emailExists, mfaNotFound, userNotFound, validationFailed } from './errors'
import { factorsOfUser } from './mfa'
import { checkPassword, hashPassword } from './passwords'
import { bodyOf, refOf, requireAdmin, type AuthRequest } from './request'
import { checkEmail, type AuthService } from './service'
import { confirmEmail, FACTOR_JSON, insertUser, isUuid, rowByEmail, rowById, userById } from './users'
import type { AuthFactor } from '../../shared/auth'
import type { MailKind } from './mail'

const MERGE = (column: string) =>
  `coalesce((select jsonb_object_agg(k, v) from jsonb_each(coalesce(${column}, '{}') || $2::jsonb) e(k, v) where v <> 'null'::jsonb), '{}')`

export function adminRoutes(app: FastifyInstance, service: AuthService): void {
  const admin = { preHandler: async (req: AuthRequest) => requireAdmin(service, req) }
  const actor = 'service_role'

  app.get('/admin/users', admin, async (req: AuthRequest, reply: FastifyReply) => {
    const page = Math.max(1, Number(req.query.page) || 1)
    const perPage = Math.min(1000, Math.max(1, Number(req.query.per_page) || 50))
    const { users, total } = await service.listUsers(refOf(req), { page, per_page: perPage, filter: 'all', sort: 'created_at', order: 'desc' })
    const last = Math.max(1, Math.ceil(total / perPage))
    const links = [...(page < last ? [`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []), `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`]
    reply.header('x-total-count', String(total)).header('link', links.join(', '))
    return { aud: 'authenticated', users }
  })

  app.post('/admin/users', admin, async (req: AuthRequest) => service.adminCreateUser(refOf(req), bodyOf(req), actor, req.ip))

  app.get('/admin/users/:id', admin, async (req: AuthRequest) => {
    const user = await userById(service.db, req.params.id ?? '')
    if (!user) throw userNotFound()
    return user
  })

  app.put('/admin/users/:id', admin, async (req: AuthRequest) => {
    const ref = refOf(req)
    const id = req.params.id ?? ''
    const body = bodyOf(req)
    const config = await service.configs.get(ref)
    const email = body.email === undefined ? undefined : checkEmail(body.email)
    const hash = body.password === undefined ? undefined : await hashPassword(checkPassword(body.password, config))
    const userMetadata = body.user_metadata === undefined ? undefined : metadataOf(body.user_metadata, 'user_metadata')
    const appMetadata = body.app_metadata === undefined ? undefined : metadataOf(body.app_metadata, 'app_metadata')
    const until = typeof body.ban_duration === 'string' ? banUntil(body.ban_duration) : undefined
    if (body.role !== undefined && (typeof body.role !== 'string' || body.role.length > 255)) throw validationFailed('role must be a string')
    await service.db.transaction(async (tx) => {
      const user = await rowById(tx, id, true)
      if (!user) throw userNotFound()
      if (email && email !== user.email) {
        const taken = await rowByEmail(tx, email)
        if (taken && taken.id !== id) throw emailExists()
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, email])
        await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`, [id, email])
      }
      if (hash) await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, hash])
      if (body.email_confirm === true) await confirmEmail(tx, id)
      if (userMetadata) await tx.query(`update auth.users set raw_user_meta_data = ${MERGE('raw_user_meta_data')}, updated_at = now() where id = $1`, [id, JSON.stringify(userMetadata)])
      if (appMetadata) await tx.query(`update auth.users set raw_app_meta_data = ${MERGE('raw_app_meta_data')}, updated_at = now() where id = $1`, [id, JSON.stringify(appMetadata)])
      if (typeof body.role === 'string') await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, body.role])
      if (until !== undefined) {
        await tx.query(`update auth.users set banned_until = $2::timestamptz, updated_at = now() where id = $1`, [id, until])
        if (until) await tx.query('delete from auth.sessions where user_id = $1', [id])
      }
      await service.audit({ action: 'user_modified', actorId: id, actorUsername: actor, actorName: actor, ip: req.ip, traits: { user_id: id } }, tx)
    })
    return (await userById(service.db, id))!
  })

  app.delete('/admin/users/:id', admin, async (req: AuthRequest) => {
    const id = req.params.id ?? ''
    const body = bodyOf(req)
    if (body.should_soft_delete === true) {
      await service.db.transaction(async (tx) => {
        const user = await rowById(tx, id, true)
        if (!user) throw userNotFound()
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '', raw_user_meta_data = '{}',
             raw_app_meta_data = '{}', updated_at = now() where id = $1`, [id])
        await tx.query('delete from auth.identities where user_id = $1', [id])
        await tx.query('delete from auth.sessions where user_id = $1', [id])
        await tx.query('delete from auth.mfa_factors where user_id = $1', [id])
        await service.audit({ action: 'user_deleted', actorId: id, actorUsername: actor, actorName: actor, ip: req.ip, traits: { soft: true } }, tx)
      })
    } else {
      await service.deleteUser(refOf(req), id, actor, req.ip)
    }
    return {}
  })

  app.post('/invite', admin, async (req: AuthRequest) => {
    const body = bodyOf(req)
    const ref = refOf(req)
    const user = await service.inviteUser(ref, String(body.email ?? ''), req.query.redirect_to, req.ip, actor)
    if (body.data !== undefined) {
      await service.db.query(`update auth.users set raw_user_meta_data = ${MERGE('raw_user_meta_data')} where id = $1`, [user.id, JSON.stringify(metadataOf(body.data))])
      return (await userById(service.db, user.id))!
    }
    return user
  })

  app.post('/admin/generate_link', admin, async (req: AuthRequest) => {
    const ref = refOf(req)
    const body = bodyOf(req)
    const config = await service.configs.get(ref)
    const type = String(body.type ?? '')
    const email = checkEmail(body.email)
    const redirectTo = typeof body.redirect_to === 'string' ? body.redirect_to : req.query.redirect_to
    const data = metadataOf(body.data)
    const kinds: Record<string, MailKind> = { signup: 'confirmation', invite: 'invite', magiclink: 'magic_link', recovery: 'recovery', email_change_current: 'email_change', email_change_new: 'email_change' }
    const kind = kinds[type]
    if (!kind) throw validationFailed('Invalid email action link type requested')
    const hash = type === 'signup' ? await hashPassword(checkPassword(body.password, config)) : undefined
    const newEmail = type.startsWith('email_change') ? checkEmail(body.new_email) : undefined
    const id = await service.db.transaction(async (tx) => {
      const existing = await rowByEmail(tx, email, true)
      if (type === 'signup' || type === 'invite') {
        if (existing && (existing.email_confirmed || type === 'signup')) throw emailExists()
        const id = existing?.id ?? (await insertUser(tx, { email, passwordHash: hash, userMetadata: data, invited: type === 'invite' }))
        if (type === 'invite') await tx.query('update auth.users set invited_at = now() where id = $1', [id])
        return id
      }
      if (!existing) throw userNotFound()
      if (newEmail) {
        const taken = await rowByEmail(tx, newEmail)
        if (taken) throw emailExists()
        await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1`, [existing.id, newEmail])
      }
      return existing.id
    })
    const props = await service.mailLink(ref, { id, email }, kind, { redirectTo, send: false, to: newEmail })
    const user = (await userById(service.db, id))!
    return { ...user, ...props, verification_type: type.startsWith('email_change') ? 'email_change' : props.verification_type }
  })

  app.get('/admin/users/:id/factors', admin, async (req: AuthRequest) => {
    const id = req.params.id ?? ''
    if (!(await rowById(service.db, id))) throw userNotFound()
    return factorsOfUser(service, id)
  })

  app.delete('/admin/users/:id/factors/:factor_id', admin, async (req: AuthRequest) => {
    const { id = '', factor_id: factorId } = req.params
    if (!isUuid(id) || !isUuid(factorId)) throw mfaNotFound()
    const factor = (await service.db.query<{ f: AuthFactor }>(`select ${FACTOR_JSON('f')} as f from auth.mfa_factors f where f.id = $1 and f.user_id = $2`, [factorId, id])).rows[0]
    if (!factor) throw mfaNotFound()
    await service.deleteFactor(refOf(req), id, factorId)
    return factor.f
  })

}
