/** Placeholder while the explorer is built (issue 16). */
export function RecentQueriesPage() {
  return (
    <div className="db-page">
      <h1 className="area-header__title">Recent queries</h1>
    </div>
  )
}
