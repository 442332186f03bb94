/**
 * A support request, self-hosted: there is no support backend, so the page composes a report (the
 * person's words, the error that brought them here, the studio's version and database) to copy.
 */
import { Link, useRouterState } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { ArrowLeft, LifeBuoy } from 'lucide-react'
import type { StudioInfo } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { paths } from '../../../shared/routes'
import { useApi } from '../../commands-context'
import { studioQuery } from '../../model/project/project-queries'
import { toast } from '../../model/app/toasts'
import { Alert, Button, Field, Input, Textarea, copyToClipboard } from '../../ui'

const RequestForm = z.object({
  subject: z.string().trim().min(1, 'Please add a subject'),
  message: z.string().trim().min(1, 'Please describe what happened'),
})
type RequestForm = z.infer<typeof RequestForm>

/** ?code=&message= from the error page; anything else is ignored. */
const ErrorSearch = z.object({
  code: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
})
type ErrorSearch = z.infer<typeof ErrorSearch>

function reportText(form: Partial<RequestForm>, error: ErrorSearch, studio: StudioInfo | undefined): string {
  const lines = [
    `Subject: ${form.subject?.trim() || '(none yet)'}`,
    '',
    form.message?.trim() || '(no description yet)',
    '',
    '---',
  ]
  if (error.code) lines.push(`Error code: ${error.code}`)
  if (error.message) lines.push(`Error message: ${error.message}`)
  lines.push(
    `Studio: ${studio ? `v${studio.version} (${studio.isPlatform ? 'platform' : 'self-hosted'})` : 'unknown'}`,
    `Database: ${studio ? (studio.database === 'pglite' ? 'embedded PGlite' : 'PostgreSQL') : 'unknown'}`,
    `Browser: ${navigator.userAgent}`,
  )
  return lines.join('\n')
}

export function SupportPage() {
  const api = useApi()
  const search = useRouterState({ select: (s) => s.location.search })
  const error = ErrorSearch.parse(search)
  const studio = useQuery(studioQuery(api))
  const form = useForm<RequestForm>({
    resolver: zodResolver(RequestForm),
    defaultValues: { subject: error.code ? `Error ${error.code}` : '', message: '' },
  })
  const report = reportText(form.watch(), error, studio.data)
  const { errors } = form.formState

  const copy = form.handleSubmit(async () => {
    if (await copyToClipboard(report)) toast.success('Report copied to the clipboard')
  })

  return (
    <div className="support">
      <header className="support__bar">
        <Link to={paths.projects()} className="support__back">
          <ArrowLeft size={14} /> Back to the studio
        </Link>
      </header>
      <main className="page support__page">
        <header className="page-header">
          <div>
            <h1 className="page-title">
              <LifeBuoy size={20} aria-hidden /> {MSG.submitSupport}
            </h1>
            <p className="page-subtitle">Describe what happened; the details below are added for you.</p>
          </div>
        </header>

        <Alert type="note" title="Nothing is sent from here">
          This studio is self-hosted, so there is no support desk behind this page. Copy the report and send it to
          whoever runs this studio, or attach it to an issue in your team's tracker.
        </Alert>

        <form className="support__form" onSubmit={copy} noValidate>
          <Field label="Subject" htmlFor="support-subject" error={errors.subject?.message}>
            <Input id="support-subject" invalid={Boolean(errors.subject)} {...form.register('subject')} />
          </Field>
          <Field
            label="What happened?"
            htmlFor="support-message"
            hint="What you did, what you expected, and what you saw instead."
            error={errors.message?.message}
          >
            <Textarea id="support-message" rows={6} invalid={Boolean(errors.message)} {...form.register('message')} />
          </Field>

          <section className="support__report" aria-labelledby="support-report">
            <h2 id="support-report" className="support__report-title">
              Report
            </h2>
            <pre className="support__report-text">{report}</pre>
          </section>

          <div className="support__actions">
            <Button type="submit" variant="primary">
              Copy report
            </Button>
          </div>
        </form>
      </main>
    </div>
  )
}
