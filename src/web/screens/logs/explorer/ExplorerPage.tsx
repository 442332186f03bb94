/** Placeholder while the explorer is built (issue 16). */
export function ExplorerPage() {
  return (
    <div className="db-page">
      <h1 className="area-header__title">Logs Explorer</h1>
    </div>
  )
}
