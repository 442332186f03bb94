/**
 * The last page of a command with a `review` (creating or changing a policy): the SQL it will run, for a
 * last look; Enter runs it, Backspace or Escape goes back to the last answer. When the arguments cannot
 * run, why, and nothing to run.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Play } from 'lucide-react'
import { currentContext, type Command as Cmd } from '../../../commands/registry'
import { errorMessage } from '../../shared/error-message'
import { backStep } from '../model/app/palette'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { runFromPalette } from './run'
import './palette-review.css'

export function ReviewStep({ cmd, args }: { cmd: Cmd; args: Record<string, unknown> }) {
  const page = useRef<HTMLDivElement>(null)
  const review = useQuery({
    queryKey: ['palette-review', cmd.id, args],
    queryFn: async () => (await cmd.review?.(currentContext(), args)) ?? '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
  const sql = review.data ?? ''
  const run = () => sql && runFromPalette(cmd.id, args)

  useEffect(() => page.current?.focus(), [])

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (e.key === 'Backspace') backStep()
    else if (e.key === 'Enter') run()
    else return
    e.preventDefault()
  }

  return (
    <div ref={page} tabIndex={-1} className="palette-command palette-review" aria-label={`Review: ${cmd.title}`} onKeyDown={onKeyDown}>
      <p className="palette-hint">This SQL runs on your database when you press Enter:</p>
      {review.isPending ? (
        <div className="palette-status">
          <Spinner /> Loading…
        </div>
      ) : review.error ? (
        <p className="palette-field-error" role="alert">
          {errorMessage(review.error)}
        </p>
      ) : sql ? (
        <pre className="palette-review__sql" aria-label="SQL to run">
          {sql}
        </pre>
      ) : (
        <p className="palette-hint">Nothing changed: there is nothing to run.</p>
      )}
      <div className="palette-review__actions">
        <Button variant="ghost" tabIndex={-1} onClick={backStep}>
          Back
        </Button>
        <Button variant="primary" tabIndex={-1} icon={<Play size={13} />} disabled={!sql} onClick={run}>
          {cmd.title}
        </Button>
      </div>
    </div>
  )
}
