/**
 * The API docs' choices, kept per browser: which key the snippets use (anon, or service_role when the user
 * switches to it) and which language they are shown in (JavaScript with supabase-js, or Bash with curl).
 * The service key shows masked until revealed; the reveal lasts for the page's life, never stored.
 */
import { proxy } from 'valtio'
import { readString, writeString } from '../app/local-storage'
import type { DocsKey } from './openapi'

export const DOCS_LANGUAGES = ['js', 'bash'] as const
export type DocsLanguage = (typeof DOCS_LANGUAGES)[number]
export const DOCS_KEYS = ['anon', 'service_role'] as const

export const LANGUAGE_LABELS: Record<DocsLanguage, string> = { js: 'JavaScript', bash: 'Bash' }
export const KEY_LABELS: Record<DocsKey, string> = { anon: 'anon (public)', service_role: 'service_role (secret)' }

const KEY_STORE = 'studio.api-docs.key'
const LANGUAGE_STORE = 'studio.api-docs.language'

const storedKey = readString(KEY_STORE)
const storedLanguage = readString(LANGUAGE_STORE)

export const apiDocsPrefs = proxy({
  key: (storedKey === 'service_role' ? 'service_role' : 'anon') as DocsKey,
  language: (storedLanguage === 'bash' ? 'bash' : 'js') as DocsLanguage,
  /** the service key shown in clear in the snippets (after the warning) */
  revealed: false,
})

export function setDocsKey(key: DocsKey): void {
  apiDocsPrefs.key = key
  if (key === 'anon') apiDocsPrefs.revealed = false
  writeString(KEY_STORE, key)
}

export function setDocsLanguage(language: DocsLanguage): void {
  apiDocsPrefs.language = language
  writeString(LANGUAGE_STORE, language)
}

export function setServiceKeyRevealed(revealed: boolean): void {
  apiDocsPrefs.revealed = revealed
}
