/** Runs `task` once the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 1)
  return () => clearTimeout(id)
}
