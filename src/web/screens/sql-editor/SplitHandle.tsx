import type { KeyboardEvent, PointerEvent } from 'react'

const MIN_RESULTS = 120
const MIN_EDITOR = 120
const STEP = 32

interface SplitHandleProps {
  /** the results' height in px, or null before it was ever dragged (the CSS default) */
  height: number | null
  onChange: (height: number) => void
}

/** Between the editor and the results: drag it, or focus it and press ↑/↓, to share the height. */
export function SplitHandle({ height, onChange }: SplitHandleProps) {
  const page = (el: Element) => el.closest('.sql-page')!.getBoundingClientRect()
  const clamp = (h: number, total: number) => Math.round(Math.max(MIN_RESULTS, Math.min(total - MIN_EDITOR, h)))

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return
    const rect = page(event.currentTarget)
    onChange(clamp(rect.bottom - event.clientY, rect.height))
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowUp' ? STEP : event.key === 'ArrowDown' ? -STEP : 0
    if (!step) return
    event.preventDefault()
    const rect = page(event.currentTarget)
    const current = height ?? event.currentTarget.nextElementSibling?.getBoundingClientRect().height ?? rect.height / 2
    onChange(clamp(current + step, rect.height))
  }

  return (
    <div
      className="sql-split"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the results"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    />
  )
}
