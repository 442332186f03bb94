/**
 * Every react-query key of the app, from one factory (as Supabase Studio's data/<resource>/keys.ts), so a
 * resource is cached under one key and refreshed by one invalidation. Project data sits under
 * ['project', ref]; everything shaped by a table's structure (each table with its columns, definitions,
 * the table lists, relations, completions) sits under ['project', ref, 'tables'], so a DDL change is one
 * `invalidateQueries({ queryKey: keys.tables(ref) })`.
 */
export const keys = {
  studio: () => ['studio'] as const,
  permissions: (isPlatform: boolean) => ['permissions', isPlatform] as const,
  profile: () => ['profile'] as const,
  project: (ref: string) => ['project', ref] as const,
  schemas: (ref: string) => ['project', ref, 'schemas'] as const,

  tables: (ref: string) => ['project', ref, 'tables'] as const,
  entities: (ref: string) => [...keys.tables(ref), 'entities'] as const,
  relations: (ref: string) => [...keys.tables(ref), 'relations'] as const,
  /** one relation as the grid, the policy editor and the foreign-key picker read it (columns, keys, relationships) */
  table: (ref: string, tableId: number) => [...keys.tables(ref), 'table', tableId] as const,
  tableDefinition: (ref: string, tableId: number) => [...keys.tables(ref), 'definition', tableId] as const,
  schemaTables: (ref: string, schema: string) => [...keys.tables(ref), 'schema', schema] as const,
  completionTables: (ref: string) => [...keys.tables(ref), 'completion'] as const,
  completionFunctions: (ref: string) => ['project', ref, 'functions', 'completion'] as const,
  enumTypes: (ref: string) => ['project', ref, 'enum-types'] as const,

  rows: (ref: string, tableId: number) => ['project', ref, 'rows', tableId] as const,
  count: (ref: string, tableId: number) => ['project', ref, 'count', tableId] as const,
  policies: (ref: string) => ['project', ref, 'policies'] as const,
  roles: (ref: string) => ['project', ref, 'roles'] as const,
  /** the Database pages' catalog reads: one kind of object ('functions', 'triggers', 'indexes'…), `more` narrowing it */
  database: (ref: string, kind: string, ...more: unknown[]) => ['project', ref, 'database', kind, ...more] as const,
  extensions: (ref: string) => ['project', ref, 'extensions'] as const,
  snippets: (ref: string) => ['project', ref, 'snippets'] as const,
  apiSettings: (ref: string) => ['project', ref, 'settings', 'api'] as const,
  storageConfig: (ref: string) => ['project', ref, 'storage', 'config'] as const,
  buckets: (ref: string) => ['project', ref, 'storage', 'buckets'] as const,
  bucket: (ref: string, bucketId: string) => [...keys.buckets(ref), bucketId] as const,
  /** every folder listing of a bucket: one invalidation refreshes the bucket's explorer */
  storageObjects: (ref: string, bucketId: string) => ['project', ref, 'storage', 'objects', bucketId] as const,
  /** one folder's listings, in every sort and search: one invalidation refreshes the folder */
  storageFolderListings: (ref: string, bucketId: string, path: string) => [...keys.storageObjects(ref, bucketId), path] as const,
  storageFolder: (ref: string, bucketId: string, path: string, listing: { sortBy: string; order: string; search: string }) =>
    [...keys.storageFolderListings(ref, bucketId, path), listing] as const,
  previewUrl: (ref: string, bucketId: string, path: string, updatedAt: string | null, isPublic: boolean | undefined) =>
    ['project', ref, 'storage', 'preview-url', bucketId, path, updatedAt, isPublic] as const,
  previewText: (url: string) => ['storage', 'preview-text', url] as const,
}
