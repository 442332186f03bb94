/**
 * GraphiQL's documentation explorer: the schema's types (root types first), searchable; a type shows its
 * fields (with arguments), input fields or enum values, and each type named opens in turn, with a way back.
 */
import { useMemo, useState } from 'react'
import type { GraphQLSchema } from 'graphql'
import { ChevronLeft } from 'lucide-react'
import { explorerType, explorerTypes } from '../../model/api/graphiql-schema'
import { Input } from '../../ui'

function TypeLink({ name, onOpen }: { name: string; onOpen: (name: string) => void }) {
  return (
    <button type="button" className="graphiql-docs__type" onClick={() => onOpen(name)}>
      {name}
    </button>
  )
}

/** `[TodosEdge!]!` with the named type as a link. */
function TypeRef({ type, typeName, onOpen }: { type: string; typeName: string; onOpen: (name: string) => void }) {
  const at = type.indexOf(typeName)
  return (
    <span className="graphiql-docs__ref">
      {type.slice(0, at)}
      <TypeLink name={typeName} onOpen={onOpen} />
      {type.slice(at + typeName.length)}
    </span>
  )
}

export function GraphiqlExplorer({ schema }: { schema: GraphQLSchema }) {
  const [trail, setTrail] = useState<string[]>([])
  const [search, setSearch] = useState('')
  const names = useMemo(() => explorerTypes(schema), [schema])
  const current = trail.at(-1)
  const type = current ? schema.getType(current) : undefined
  const open = (name: string) => setTrail((t) => [...t, name])

  if (!type) {
    const shown = names.filter((n) => n.toLowerCase().includes(search.trim().toLowerCase()))
    return (
      <div className="graphiql-docs">
        <h2 className="graphiql-docs__title">Types</h2>
        <Input size="sm" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search types" aria-label="Search types" />
        <ul className="graphiql-docs__list" aria-label="Types">
          {shown.map((n) => (
            <li key={n}>
              <TypeLink name={n} onOpen={open} />
            </li>
          ))}
        </ul>
      </div>
    )
  }
  const t = explorerType(type)
  return (
    <div className="graphiql-docs">
      <button type="button" className="graphiql-docs__back" onClick={() => setTrail((x) => x.slice(0, -1))}>
        <ChevronLeft size={14} /> {trail.length > 1 ? trail.at(-2) : 'Types'}
      </button>
      <h2 className="graphiql-docs__title">
        {t.name} <span className="graphiql-docs__kind">{t.kind}</span>
      </h2>
      {t.description && <p className="graphiql-docs__description">{t.description}</p>}
      {t.fields.length > 0 && (
        <ul className="graphiql-docs__list" aria-label={`Fields of ${t.name}`}>
          {t.fields.map((f) => (
            <li key={f.name} className="graphiql-docs__field">
              <span className="graphiql-docs__name">{f.name}</span>
              {f.args.length > 0 && (
                <span className="graphiql-docs__args">
                  (
                  {f.args.map((a, i) => (
                    <span key={a.name}>
                      {i > 0 && ', '}
                      {a.name}: <TypeRef type={a.type} typeName={a.typeName} onOpen={open} />
                    </span>
                  ))}
                  )
                </span>
              )}
              : <TypeRef type={f.type} typeName={f.typeName} onOpen={open} />
              {f.description && <p className="graphiql-docs__description">{f.description}</p>}
            </li>
          ))}
        </ul>
      )}
      {t.values.length > 0 && (
        <ul className="graphiql-docs__list" aria-label={`Values of ${t.name}`}>
          {t.values.map((v) => (
            <li key={v} className="graphiql-docs__name">
              {v}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
