/**
 * react-query options for the shell and the project home. Keys start with ['project', ref] so that
 * invalidating ['project', ref] refreshes all of a project's data here.
 */
import { queryOptions } from '@tanstack/react-query'
import { ApiError, type Api } from '../../data/api'
import type { Entity } from '../../../shared/api'
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

/** How many relations one answer holds at most: past that, the palette's table picker finds one by the name typed. */
export const RELATIONS_LIMIT = 1000

/**
 * The relations of the user schemas whose name, or schema.name, holds `search` (every one when it is empty),
 * the best first, public first: the palette's table picker asks as the user types.
 */
export async function searchRelations(api: Api, ref: string, search: string): Promise<RelationsAnswer> {
  const { data, count } = await api.searchEntities(ref, { search, limit: RELATIONS_LIMIT })
  return { data, count }
}

/** Relations, at most RELATIONS_LIMIT of them, and `count`: how many matched in all. */
export interface RelationsAnswer {
  data: Entity[]
  count: number
}

/** The tables, views and other relations in the user schemas (the first RELATIONS_LIMIT), public first: one call, across schemas. */
export const relationsQuery = (api: Api, ref: string) =>
  queryOptions({
    queryKey: keys.relations(ref),
    queryFn: () => searchRelations(api, ref, ''),
  })
