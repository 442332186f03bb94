/**
 * react-query options for the shell and the project home. Keys start with ['project', ref] so that
 * invalidating ['project', ref] refreshes all of a project's data here.
 */
import { queryOptions } from '@tanstack/react-query'
import { ApiError, type Api } from '../../data/api'
import { EXCLUDED_SCHEMAS, INTERNAL_SCHEMAS } from '../../../shared/constants'
import { SELF_HOSTED_GRANTS } from '../../../shared/permissions'
import { keys } from './keys'

export const studioQuery = (api: Api) =>
  queryOptions({ queryKey: keys.studio(), queryFn: () => api.studio(), staleTime: Infinity })

/** An unknown project (a 4xx) is not retried: the error page says so at once. */
export const projectQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.project(ref),
    queryFn: () => api.project(ref),
    retry: (failures, error) => !(error instanceof ApiError && error.code >= 400 && error.code < 500) && failures < 2,
  })

/** Self-hosted grants everything without asking; the platform asks the permissions endpoint. */
export const permissionsQuery = (api: Api, isPlatform: boolean) =>
  queryOptions({
    queryKey: keys.permissions(isPlatform),
    queryFn: () => (isPlatform ? api.permissions() : SELF_HOSTED_GRANTS),
    staleTime: 5 * 60_000,
  })

const HIDDEN_SCHEMAS: readonly string[] = [...INTERNAL_SCHEMAS, ...EXCLUDED_SCHEMAS]
/** Schemas a person works in: not Postgres internals, not the platform's system schemas. */
export function isUserSchema(name: string): boolean {
  return !HIDDEN_SCHEMAS.includes(name) && !name.startsWith('pg_')
}

/** Every table, view and other relation in the user schemas, public first. */
export const relationsQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.relations(ref),
    queryFn: async () => {
      const schemas = (await api.schemas(ref)).map((s) => s.name).filter(isUserSchema)
      schemas.sort((a, b) => (a === 'public' ? -1 : b === 'public' ? 1 : a.localeCompare(b)))
      const pages = await Promise.all(schemas.map((schema) => api.entities(ref, { schema, limit: 1000 })))
      return pages.flatMap((p) => p.data)
    },
  })
