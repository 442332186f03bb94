/**
 * The Postgres extensions PGlite ships, registered when the worker opens the database (pglite-worker.mjs), so
 * that `create extension …` works on PGlite as on a server and pg_available_extensions lists them.
 *
 * PGlite unpacks every registered bundle into its file system at start (no loading on first use): measured on
 * this machine, a cold start with a fresh data directory goes from about 2.3 s to 3.0 s, and reopening an
 * existing one from about 0.3 s to 0.5 s. pgcrypto is the largest bundle (1.1 MB); the others are small.
 *
 * pgvector is not part of @electric-sql/pglite 0.5 (it moved to @electric-sql/pglite-pgvector): it is registered
 * when that package is installed, and otherwise simply not offered.
 *
 * Plain ESM JavaScript, like the worker that loads it.
 */

/**
 * The contrib modules of @electric-sql/pglite 0.5 (its `./contrib/*` exports), by module file name. Not
 * pg_stat_statements: registering it leaves the database's default text search configuration at 'simple'
 * instead of 'english' (so `to_tsquery('darkness')` stops matching the 'dark' of an English tsvector), and
 * statement statistics of an embedded single-session database are of little use.
 */
export const PGLITE_CONTRIB = [
  'amcheck', 'auto_explain', 'bloom', 'btree_gin', 'btree_gist', 'citext', 'cube', 'dict_int', 'dict_xsyn',
  'earthdistance', 'file_fdw', 'fuzzystrmatch', 'hstore', 'intarray', 'isn', 'lo', 'ltree', 'moddatetime',
  'pageinspect', 'pg_buffercache', 'pg_freespacemap', 'pg_surgery', 'pg_trgm',
  'pg_visibility', 'pg_walinspect', 'pgcrypto', 'seg', 'tablefunc', 'tcn', 'tsm_system_rows', 'tsm_system_time',
  'unaccent', 'uuid_ossp',
]

/** Where pgvector comes from when it is installed (not a dependency of the studio by default). */
const VECTOR_PACKAGE = '@electric-sql/pglite-pgvector'

/**
 * The `extensions` option of new PGlite(): each shipped extension under its own name. A module that fails to
 * load is left out (with a line on stderr) rather than keeping the database closed.
 * @returns {Promise<Record<string, import('@electric-sql/pglite').Extension>>}
 */
export async function pgliteExtensions() {
  /** @type {Record<string, import('@electric-sql/pglite').Extension>} */
  const out = {}
  const loaded = await Promise.allSettled(PGLITE_CONTRIB.map((name) => import(`@electric-sql/pglite/contrib/${name}`)))
  loaded.forEach((r, i) => {
    if (r.status === 'rejected') {
      console.error(`studio: PGlite extension ${PGLITE_CONTRIB[i]} could not be loaded:`, r.reason?.message ?? r.reason)
      return
    }
    for (const ext of Object.values(r.value)) {
      if (ext && typeof ext === 'object' && typeof ext.name === 'string' && typeof ext.setup === 'function') out[ext.name] = ext
    }
  })
  try {
    const mod = /** @type {Record<string, any>} */ (await import(/* @vite-ignore */ VECTOR_PACKAGE))
    const vector = mod.vector ?? mod.pgvector ?? mod.default
    if (vector && typeof vector.setup === 'function') out.vector = vector
  } catch {
    // not installed: pgvector is not offered on PGlite
  }
  return out
}
