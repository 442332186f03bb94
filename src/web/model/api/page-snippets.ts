/**
 * The snippets of the page in view, from one place: the page renders these, api.docs.copy copies one of
 * them, and the tests run them. The key they show is the anon key, or the service key when the user
 * switched to it: masked until revealed.
 */
import type { ProjectApiSettings } from '../../../shared/storage'
import { authSnippets, introSnippets, userSnippets } from './guide-snippets'
import type { OpenApiDocument, DocsKey } from './openapi'
import type { ApiDocsView } from './search'
import { functionSnippets, resourceSnippets, type DocSnippet, type SnippetTarget } from './snippets'
import { storageSnippets } from './storage-snippets'
import type { DocsLanguage } from './preferences'

/** The service key as shown before it is revealed: its start, then bullets. */
export const maskKey = (key: string) => `${key.slice(0, 8)}${'•'.repeat(24)}`

/** Where the snippets point and the key they show (null when the chosen key is not readable by the user). */
export function snippetTarget(settings: ProjectApiSettings, key: DocsKey, revealed: boolean): SnippetTarget | null {
  const value = key === 'anon' ? settings.anon_key : settings.service_role_key
  if (!value) return null
  return { apiUrl: settings.api_url, key: { value: key === 'service_role' && !revealed ? maskKey(value) : value } }
}

export interface PageSnippetInput {
  target: SnippetTarget
  doc: OpenApiDocument | undefined
  /** the bucket of the storage docs, when the page is one */
  bucket?: { name: string; public: boolean }
}

export function pageSnippets(view: ApiDocsView, input: PageSnippetInput): DocSnippet[] {
  const { target, doc } = input
  switch (view.kind) {
    case 'resource':
      return doc ? resourceSnippets(doc, view.name, target) : []
    case 'rpc':
      return doc ? functionSnippets(doc, view.name, target) : []
    case 'storage':
      return input.bucket ? storageSnippets(input.bucket, target) : []
    case 'guide':
      if (view.page === 'intro') return introSnippets(target)
      if (view.page === 'auth') return authSnippets(target)
      if (view.page === 'users') return userSnippets(target)
      return []
  }
}

/** A snippet's code in a language: the curl variant for Bash when it has one, else the JavaScript one. */
export function snippetCode(snippet: DocSnippet, language: DocsLanguage): { code: string; lang: 'js' | 'bash' } {
  if (language === 'bash' && snippet.bash !== null) return { code: snippet.bash, lang: 'bash' }
  return { code: snippet.js, lang: snippet.shell ? 'bash' : 'js' }
}
