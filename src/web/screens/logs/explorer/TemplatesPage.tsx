/** Placeholder while the explorer is built (issue 16). */
export function TemplatesPage() {
  return (
    <div className="db-page">
      <h1 className="area-header__title">Templates</h1>
    </div>
  )
}
