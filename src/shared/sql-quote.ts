/**
 * The one place SQL identifiers and literals are quoted. Everything the server builds from user input
 * goes through here or through bind parameters. Shared, so the web can show the exact SQL the server
 * will run (the policy editor's review step).
 */

/** Input that cannot be quoted; the server answers it with a 400 (it carries statusCode). */
export class SqlInputError extends Error {
  readonly statusCode = 400
  constructor(message: string) {
    super(message)
    this.name = 'SqlInputError'
  }
}
const badRequest = (message: string) => new SqlInputError(message)

function checkText(text: string, what: string): void {
  if (text.includes('\0')) throw badRequest(`${what} may not contain the NUL character`)
}

/** "name", with embedded double quotes doubled. */
export function quoteIdent(name: string): string {
  checkText(name, 'An identifier')
  if (name.length === 0) throw badRequest('An identifier may not be empty')
  return `"${name.replaceAll('"', '""')}"`
}

/** schema.name, both quoted. */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`
}

/**
 * 'text' with quotes doubled; text holding a backslash becomes E'…' with backslashes doubled, so the
 * literal means the same whatever standard_conforming_strings is.
 */
export function quoteLiteral(text: string): string {
  checkText(text, 'A value')
  const quoted = text.replaceAll("'", "''")
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`
}
