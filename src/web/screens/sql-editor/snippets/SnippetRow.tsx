import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type MouseEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Tooltip as RadixTooltip } from 'radix-ui'
import { FileCode2, Star, Users } from 'lucide-react'
import type { Snippet } from '../../../../shared/content'
import { MSG } from '../../../../shared/messages'
import { run } from '../../../../../commands/all'
import { snippetPreview, stopRename } from '../../../model/sql-editor/snippets'
import { toast } from '../../../model/app/toasts'
import { cx } from '../../../ui'
import { SnippetContextMenu, SnippetMenuButton } from './SnippetMenu'
import { errorMessage } from '../../../../shared/error-message'

interface SnippetRowProps {
  projectRef: string
  snippet: Snippet
  own: boolean
  open: boolean
  selected: boolean
  renaming: boolean
  /** the row under Favorites (the snippet has another in its own section) */
  inFavorites: boolean
  /** a click with ⌘/Ctrl or Shift selects instead of opening */
  onSelectClick: (event: MouseEvent, id: string) => boolean
  onRowKey: (event: KeyboardEvent, id: string) => void
}

/** One snippet: its name (or the name field while renamed), a hover preview, and its actions. */
export function SnippetRow({ projectRef, snippet, own, open, selected, renaming, inFavorites, onSelectClick, onRowKey }: SnippetRowProps) {
  // a favorite is renamed in its own section's row
  if (renaming && !inFavorites) return <RenameField snippet={snippet} />
  return (
    <div className={cx('snip-row', open && 'snip-row--open', selected && 'snip-row--selected')}>
      <SnippetContextMenu snippet={snippet} own={own}>
        <SnippetLink
          projectRef={projectRef}
          snippet={snippet}
          open={open}
          selected={selected}
          inFavorites={inFavorites}
          onClick={(e) => onSelectClick(e, snippet.id) && e.preventDefault()}
          onKeyDown={(e) => onRowKey(e, snippet.id)}
        />
      </SnippetContextMenu>
      <SnippetMenuButton snippet={snippet} own={own} />
    </div>
  )
}

interface SnippetLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'children'> {
  projectRef: string
  snippet: Snippet
  open: boolean
  selected: boolean
  inFavorites: boolean
}

/**
 * The row's link, with the hover (and focus) preview of its first characters. The context menu trigger
 * hands it its own handlers and ref, which go on the link beside the preview's.
 */
function SnippetLink({ projectRef, snippet, open, selected, inFavorites, ...trigger }: SnippetLinkProps) {
  const preview = snippetPreview(snippet.content.sql)
  // under Favorites, a badge tells a shared one from a private one
  const sharedBadge = inFavorites && snippet.visibility === 'project'
  return (
    <RadixTooltip.Provider delayDuration={500} skipDelayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>
          <Link
            to="/project/$ref/sql/$id"
            params={{ ref: projectRef, id: snippet.id }}
            className="snip-link"
            aria-current={open ? 'page' : undefined}
            aria-selected={selected}
            data-snippet-id={snippet.id}
            {...trigger}
          >
            <FileCode2 size={14} className="snip-link__icon" aria-hidden />
            <span className="snip-link__name">{snippet.name}</span>
            {sharedBadge && <Users size={12} className="snip-link__badge" aria-label="Shared" />}
            {snippet.content.favorite && <Star size={12} className="snip-link__star" aria-label="Favorite" />}
          </Link>
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip snip-preview" side="right" align="start" sideOffset={36}>
            {preview ? <code className="snip-preview__sql">{preview}</code> : <span className="snip-preview__empty">{MSG.queryEmpty}</span>}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}

/** Renaming in place: Enter (or leaving the field) saves, Escape cancels; an empty name is refused. */
function RenameField({ snippet }: { snippet: Snippet }) {
  const [name, setName] = useState(snippet.name)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  /** Escape ends the edit: the blur that follows must not save */
  const cancelled = useRef(false)

  useEffect(() => {
    const timer = setTimeout(() => input.current?.select())
    return () => clearTimeout(timer)
  }, [])

  async function save() {
    if (saving || cancelled.current) return
    if (!name.trim()) return setError(MSG.queryNameRequired)
    if (name.trim() === snippet.name) return stopRename()
    setSaving(true)
    try {
      await run('sql.snippet.rename', { id: snippet.id, name }, 'button')
      stopRename()
    } catch (e) {
      toast.error(errorMessage(e))
      setSaving(false)
    }
  }

  return (
    <div className="snip-rename">
      <input
        ref={input}
        className={cx('ui-input', 'ui-input--sm', 'snip-rename__input')}
        aria-label="Query name"
        aria-invalid={error ? true : undefined}
        value={name}
        disabled={saving}
        onChange={(e) => (setName(e.target.value), setError(null))}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save()
          if (e.key === 'Escape') {
            e.stopPropagation()
            cancelled.current = true
            stopRename()
          }
        }}
      />
      {error && (
        <p className="snip-rename__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
