/**
 * The live tail's poll: while it is on and the list is at its top, the events recorded since the newest shown
 * are read every LOG_TAIL_POLL_MS and put on top (the histogram read again when some came) (a read, so no command each time; turning it on and off is
 * logs.source.tail.toggle). A failed read turns the tail off with the reason, instead of failing every poll.
 */
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { LOG_TAIL_POLL_MS } from '../../../../shared/constants'
import { errorMessage } from '../../../../shared/error-message'
import { useApi } from '../../../commands-context'
import { toast } from '../../../model/app/toasts'
import { loadNewerEvents, sourceLogsKey, type SourceView } from '../../../model/logs/sources/events'
import { sourceLogsState } from '../../../model/logs/sources/source-state'

export function useLiveTail(ref: string, view: SourceView): boolean {
  const api = useApi()
  const queryClient = useQueryClient()
  const { tail, scrolledAway } = useSnapshot(sourceLogsState)
  const polling = tail && !scrolledAway
  const key = JSON.stringify(view)
  useEffect(() => {
    if (!polling) return
    let busy = false
    const timer = setInterval(() => {
      if (busy) return
      busy = true
      loadNewerEvents(queryClient, api, ref, view)
        // new events change the bars too
        .then(async (added) => {
          if (added > 0) await queryClient.invalidateQueries({ queryKey: [...sourceLogsKey(ref, view.source), 'histogram'] })
        })
        .catch((e: unknown) => {
          sourceLogsState.tail = false
          toast.error(errorMessage(e))
        })
        .finally(() => (busy = false))
    }, LOG_TAIL_POLL_MS)
    return () => clearInterval(timer)
  }, [polling, ref, key])
  return polling
}
