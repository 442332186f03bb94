/**
 * Turns the text Postgres prints into the JS values both drivers return (so PGlite and PostgreSQL give the
 * same answer for the same data): booleans; int2, int4, float4, float8 and oid as numbers; json and jsonb
 * parsed; arrays as JS arrays of those rules; everything else (int8, numeric, money, dates and times,
 * intervals, bytea as '\x..', uuid, enums...) as the text Postgres prints.
 */
export interface Field {
  name: string
  dataTypeID: number
}

type Parse = (text: string) => unknown

const SCALARS: Record<number, Parse> = {
  16: (t) => t === 't',
  21: Number,
  23: Number,
  26: Number,
  700: Number,
  701: Number,
  114: (t) => JSON.parse(t),
  3802: (t) => JSON.parse(t),
}

/** What a type oid is, as far as conversion goes: an array (of elem, split by delim) or anything else. */
type TypeShape = { elem: number; delim: string } | null

export class TypeShapes {
  readonly #shapes = new Map<number, TypeShape>()

  /** Records what TYPE_SHAPES_SQL found for these oids: the arrays among them; the rest are not. */
  learn(oids: readonly number[], arrays: readonly Record<string, unknown>[]): void {
    for (const oid of oids) this.#shapes.set(oid, null)
    for (const a of arrays) this.#shapes.set(Number(a.oid), { elem: Number(a.elem), delim: String(a.delim) })
  }

  /** Oids among these fields whose shape is not known yet. */
  unknown(fields: readonly Field[]): number[] {
    const oids = fields.map((f) => f.dataTypeID).filter((oid) => !(oid in SCALARS) && !this.#shapes.has(oid))
    return [...new Set(oids)]
  }

  parser(oid: number): Parse | undefined {
    const scalar = SCALARS[oid]
    if (scalar) return scalar
    const shape = this.#shapes.get(oid)
    if (!shape) return undefined
    const element = this.parser(shape.elem)
    return (text) => parseArray(text, shape.delim, element)
  }
}

/** Which of the oids in $1 are array types, with their element type and its delimiter. */
export const TYPE_SHAPES_SQL = `
  select t.oid, t.typelem as elem, e.typdelim as delim
  from pg_catalog.pg_type t join pg_catalog.pg_type e on e.oid = t.typelem
  where t.oid = any($1::oid[]) and t.typcategory = 'A'`

/** Builds row objects from raw text rows (arrays in field order); a repeated name keeps the last value. */
export function toRows(shapes: TypeShapes, fields: readonly Field[], raw: readonly (readonly unknown[])[]) {
  const parsers = fields.map((f) => shapes.parser(f.dataTypeID))
  return raw.map((values) => {
    const row: Record<string, unknown> = {}
    fields.forEach((f, i) => {
      const v = values[i]
      const parse = parsers[i]
      row[f.name] = v === null || v === undefined ? null : parse ? parse(String(v)) : v
    })
    return row
  })
}

/**
 * Parses Postgres array text ('{1,2}', '{{a,"b c"},{NULL,"\\""}}', '[0:1]={x,y}'). Text that is not in
 * array form (int2vector prints '1 2') is returned as it is.
 */
function parseArray(text: string, delim: string, element?: Parse): unknown {
  const start = text.startsWith('[') ? text.indexOf('=') + 1 : 0
  if (text[start] !== '{') return text
  let i = start
  function parseLevel(): unknown[] {
    const out: unknown[] = []
    i++ // '{'
    while (i < text.length) {
      const ch = text[i]
      if (ch === '}') {
        i++
        return out
      }
      if (ch === delim || ch === ' ') {
        i++
        continue
      }
      if (ch === '{') {
        out.push(parseLevel())
        continue
      }
      if (ch === '"') {
        let value = ''
        i++
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++
          value += text[i]
          i++
        }
        i++ // closing quote
        out.push(element ? element(value) : value)
        continue
      }
      let end = i
      while (end < text.length && text[end] !== delim && text[end] !== '}') end++
      // Only ASCII white space pads an element, as Postgres reads arrays (JS trim() would eat more).
      const raw = text.slice(i, end).replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, '')
      i = end
      out.push(raw === 'NULL' ? null : element ? element(raw) : raw)
    }
    return out
  }
  return parseLevel()
}
