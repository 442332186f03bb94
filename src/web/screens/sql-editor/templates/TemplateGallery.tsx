import { useQuery } from '@tanstack/react-query'
import { MSG } from '../../../../shared/messages'
import { isGranted } from '../../../../shared/permissions'
import { useApi, useIsPlatform } from '../../../commands-context'
import { press } from '../../../commands-run'
import { permissionsQuery } from '../../../model/project/project-queries'
import { Alert } from '../../../ui'
import type { SqlTemplate } from '../../../model/sql-editor/templates/templates'
import './templates.css'

const PREVIEW_LINES = 9

/** The first lines worth reading: comments and blank lines are skipped. */
function previewOf(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('--'))
    .slice(0, PREVIEW_LINES)
    .join('\n')
}

interface TemplateGalleryProps {
  title: string
  intro: string
  templates: readonly SqlTemplate[]
}

/** A grid of cards; choosing one opens its SQL as a new private query ('sql.template.use'). */
export function TemplateGallery({ title, intro, templates }: TemplateGalleryProps) {
  const permissions = useQuery(permissionsQuery(useApi(), useIsPlatform()))
  const canCreate = !permissions.isSuccess || isGranted(permissions.data, 'createUserContent')
  return (
    <div className="tpl-page">
      <header className="tpl-header">
        <h1 className="tpl-header__title">{title}</h1>
        <p className="tpl-header__intro">{intro}</p>
      </header>
      {!canCreate && (
        <Alert type="warning" className="tpl-notice">
          {MSG.snippetNoPermission}
        </Alert>
      )}
      <ul className="tpl-grid" aria-label={title}>
        {templates.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="tpl-card"
              disabled={!canCreate}
              onClick={() => press('sql.template.use', { template: t.id })}
            >
              <span className="tpl-card__name">{t.name}</span>
              <span className="tpl-card__description">{t.description}</span>
              <pre className="tpl-card__sql" aria-hidden>
                {previewOf(t.sql)}
              </pre>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
