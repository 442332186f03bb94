/**
 * Where the ⌘K palette mounts. The palette (cmdk, its argument steps) is a chunk of its own, fetched as
 * soon as the first screen has rendered (see lazyHost), so it is not part of the first load. Should ⌘K
 * come before it is there, what is typed meanwhile goes into the search it opens with.
 */
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { palette, setPaletteSearch } from '../model/app/palette'
import { lazyHost } from '../shell/lazy-host'

const Palette = lazyHost(
  'command palette',
  () => import('./Palette').then((m) => m.Palette),
  () => useSnapshot(palette).open,
  'mount',
)

/**
 * Keys typed while the palette is opening (its chunk on its way, or its input not focused yet): letters go
 * into its search, Backspace takes one back. Listening always and reading the store at the key press (not
 * from a render) catches a letter typed right after ⌘K or '/', before React has drawn anything.
 */
function useTypeAhead(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!palette.open || e.ctrlKey || e.metaKey || e.altKey) return
      const target = e.target as Element | null
      // the palette's own fields (a pick list, a text step) and its review page take their keys themselves
      if (Palette.loaded() && target?.closest?.('[cmdk-root], .palette-input, .palette-review')) return
      if (e.key.length === 1) setPaletteSearch(palette.search + e.key)
      else if (e.key === 'Backspace') setPaletteSearch(palette.search.slice(0, -1))
      else return
      e.preventDefault()
      e.stopPropagation()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [])
}

export function PaletteHost() {
  useTypeAhead()
  return <Palette />
}
