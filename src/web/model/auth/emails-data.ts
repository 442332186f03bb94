/**
 * The Emails page's server data: the project's outbox, newest first, EMAILS_PAGE_SIZE mails a page, each
 * next page asked for by the created_at of the last mail held (the list asks as it is scrolled to its end,
 * next/previous mail as it steps past it). Read again every EMAILS_POLL_MS while shown, as mail catchers do.
 */
import { InfiniteQueryObserver, infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { OutboxMail } from '../../../shared/auth'
import { authEmails as e } from '../../../shared/contract/auth-emails'
import type { Api } from '../../data/api'

export const EMAILS_PAGE_SIZE = 50
export const EMAILS_POLL_MS = 10_000

export const emailsKeys = {
  all: (ref: string) => ['project', ref, 'auth', 'emails'] as const,
}

export function emailsQuery(api: Api, ref: string) {
  return infiniteQueryOptions({
    queryKey: emailsKeys.all(ref),
    queryFn: ({ pageParam }): Promise<OutboxMail[]> =>
      api.call(e.authOutbox, { params: { ref }, query: { limit: EMAILS_PAGE_SIZE, before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OutboxMail[]) => (last.length < EMAILS_PAGE_SIZE ? undefined : last.at(-1)?.created_at),
  })
}

/** Every mail of the pages held, newest first. */
export const mailsOf = (data: InfiniteData<OutboxMail[]> | undefined): OutboxMail[] => data?.pages.flat() ?? []

/** The mails held, reading the first page when none is. */
export async function loadedMails(queryClient: QueryClient, api: Api, ref: string): Promise<OutboxMail[]> {
  return mailsOf(await queryClient.ensureInfiniteQueryData(emailsQuery(api, ref)))
}

/** Whether older mails wait on the server past the pages held. */
export function hasOlderMails(queryClient: QueryClient, ref: string): boolean {
  const data = queryClient.getQueryData<InfiniteData<OutboxMail[], string | undefined>>(emailsKeys.all(ref))
  const last = data?.pages.at(-1)
  return last !== undefined && last.length >= EMAILS_PAGE_SIZE
}

/** Reads the next (older) page into the list; the mails held after. */
export async function loadOlderMails(queryClient: QueryClient, api: Api, ref: string): Promise<OutboxMail[]> {
  const result = await new InfiniteQueryObserver(queryClient, emailsQuery(api, ref)).fetchNextPage({ throwOnError: true })
  return mailsOf(result.data)
}

/** The outbox read again from its first page (the pages held are dropped but the first). */
export async function refreshEmails(queryClient: QueryClient, api: Api, ref: string): Promise<OutboxMail[]> {
  queryClient.setQueryData<InfiniteData<OutboxMail[], string | undefined>>(emailsKeys.all(ref), (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  )
  await queryClient.invalidateQueries({ queryKey: emailsKeys.all(ref), refetchType: 'all' })
  return loadedMails(queryClient, api, ref)
}
