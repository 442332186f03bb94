/**
 * CREATE / ALTER / DROP EXTENSION, each run inside the caller's transaction. The target schema is created
 * when missing; Postgres' own schemas are refused. The database's message comes back as is.
 */
import type { z } from 'zod'
import type { Extension } from '../../shared/api'
import type { ExtensionCreateBody, ExtensionUpdateBody } from '../../shared/contract/pg-meta-extensions'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { findExtension } from './extensions'

type Create = z.output<typeof ExtensionCreateBody>
type Update = z.output<typeof ExtensionUpdateBody>

/** Postgres' own schemas: an extension cannot be put there from the dashboard. */
function checkSchema(schema: string): void {
  if (schema === 'information_schema' || schema.startsWith('pg_')) throw badRequest(MSG.extensionSchemaRefused(schema))
}

/** The extension, refusing a name the database does not offer. */
export async function availableExtension(tx: Queryable, name: string): Promise<Extension> {
  const found = await findExtension(tx, name)
  if (!found) throw notFound(MSG.extensionNotAvailable(name))
  return found
}

export async function createExtension(tx: Queryable, body: Create): Promise<void> {
  const ext = await availableExtension(tx, body.name)
  if (ext.installed_version) throw badRequest(MSG.extensionAlreadyEnabled(ext.name, ext.schema ?? ''))
  checkSchema(body.schema)
  await tx.query(`create schema if not exists ${quoteIdent(body.schema)}`)
  const version = body.version ? ` version ${quoteLiteral(body.version)}` : ''
  await tx.query(`create extension ${quoteIdent(body.name)} schema ${quoteIdent(body.schema)}${version}${body.cascade ? ' cascade' : ''}`)
}

export async function updateExtension(tx: Queryable, name: string, body: Update): Promise<void> {
  const ext = await availableExtension(tx, name)
  if (!ext.installed_version) throw badRequest(MSG.extensionNotEnabled(name))
  if (body.update || body.version) {
    await tx.query(`alter extension ${quoteIdent(name)} update${body.version ? ` to ${quoteLiteral(body.version)}` : ''}`)
  }
  if (body.schema && body.schema !== ext.schema) {
    checkSchema(body.schema)
    await tx.query(`create schema if not exists ${quoteIdent(body.schema)}`)
    await tx.query(`alter extension ${quoteIdent(name)} set schema ${quoteIdent(body.schema)}`)
  }
}

export async function dropExtension(tx: Queryable, name: string, cascade: boolean): Promise<Extension> {
  const ext = await availableExtension(tx, name)
  if (!ext.installed_version) throw badRequest(MSG.extensionNotEnabled(name))
  if (name === 'plpgsql') throw badRequest(MSG.extensionPlpgsql)
  await tx.query(`drop extension ${quoteIdent(name)}${cascade ? ' cascade' : ''}`)
  return ext
}
