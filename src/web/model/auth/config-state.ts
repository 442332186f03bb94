/**
 * The open Authentication settings page's unsaved changes, as the patch they make (so Save, its key binding
 * and the palette save the same thing), and which email template is in view and previewed.
 */
import { proxy } from 'valtio'
import type { AuthConfigPatch, EmailTemplate } from '../../../shared/auth'

export const AUTH_SETTINGS_PAGES = ['providers', 'rate-limits', 'templates', 'url-configuration', 'hooks'] as const
export type AuthSettingsPage = (typeof AUTH_SETTINGS_PAGES)[number]

export interface AuthConfigDraft {
  page: AuthSettingsPage
  /** the fields that differ from the saved configuration */
  patch: AuthConfigPatch
  /** why the form cannot be saved as it is (its first validation message), or null */
  problem: string | null
}

export const authConfigEditor = proxy({
  draft: null as AuthConfigDraft | null,
  /** bumped to make the open form start again from the saved configuration */
  resets: 0,
  template: 'confirmation' as EmailTemplate,
  /** the template whose preview is open */
  preview: null as EmailTemplate | null,
})

export function setDraft(draft: AuthConfigDraft | null): void {
  authConfigEditor.draft = draft
}

/** The form starts again from the saved configuration (after a save, or to discard). */
export function resetDraft(): void {
  authConfigEditor.draft = null
  authConfigEditor.resets++
}

export function selectTemplate(template: EmailTemplate): void {
  authConfigEditor.template = template
}

export function openPreview(template: EmailTemplate): void {
  authConfigEditor.template = template
  authConfigEditor.preview = template
}

export function closePreview(): void {
  authConfigEditor.preview = null
}
