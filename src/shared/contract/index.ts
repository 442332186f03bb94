/**
 * The dashboard API's endpoint table (DESIGN 3: written once): the client calls every one through
 * `call(endpoint, { params, query, body })` (src/web/data/api.ts), the server registers each route from it
 * (src/server/route.ts). A path or a body changes here, and both sides follow.
 */
import { authConfig } from './auth-config'
import { authEmails } from './auth-emails'
import { authUsers } from './auth-users'
import { columnPrivileges } from './column-privileges'
import { content } from './content'
import { pgMeta } from './pg-meta'
import { pgMetaFunctions } from './pg-meta-functions'
import { pgMetaTriggers } from './pg-meta-triggers'
import { pgMetaIndexes } from './pg-meta-indexes'
import { pgMetaTypes } from './pg-meta-types'
import { pgMetaExtensions } from './pg-meta-extensions'
import { pgMetaPublications } from './pg-meta-publications'
import { pgMetaWrappers } from './pg-meta-wrappers'
import { pgMetaMigrations } from './pg-meta-migrations'
import { analytics } from './analytics'
import { pgMetaHooks } from './pg-meta-hooks'
import { pgMetaSchemaGraph } from './pg-meta-schema-graph'
import { pgMetaTablesPage } from './pg-meta-tables-page'
import { platform } from './platform'
import { policies } from './policies'
import { policyTry } from './policy-try'
import { restConfig } from './rest-config'
import { rows } from './rows'
import { signIn } from './sign-in'
import { sql } from './sql'
import { storage } from './storage'
import { structure } from './structure'

export const endpoints = { ...signIn, ...platform, ...pgMeta, ...structure, ...sql, ...rows, ...policies, ...policyTry, ...storage, ...content, ...authUsers, ...authConfig, ...authEmails, ...columnPrivileges, ...restConfig,
  // the Database pages (issue 15)
  ...pgMetaFunctions, ...pgMetaTriggers, ...pgMetaIndexes, ...pgMetaTypes, ...pgMetaExtensions, ...pgMetaPublications, ...pgMetaWrappers, ...pgMetaMigrations, ...pgMetaHooks, ...pgMetaSchemaGraph, ...pgMetaTablesPage, ...analytics,
}
export type EndpointName = keyof typeof endpoints

export * from './endpoint'
export { EntitySearchQuery } from './pg-meta'
export { PolicyBatchBody, PolicyListQuery, type PolicyBatchResponse } from './policies'
export * from './policy-try'
export { UploadObjectQuery, type ObjectRef } from './storage'

