/** Light or dark, persisted; index.html applies the saved theme before the first paint. */
import { proxy } from 'valtio'
import { LS_KEYS } from '../../../shared/constants'
import { readString, writeString } from './local-storage'

export type Theme = 'light' | 'dark'

function initialTheme(): Theme {
  const saved = readString(LS_KEYS.theme)
  if (saved === 'light' || saved === 'dark') return saved
  if (typeof document === 'object' && document.documentElement.dataset.theme === 'dark') return 'dark'
  return 'light'
}

export const theme = proxy({ current: initialTheme() })

export function setTheme(next: Theme): void {
  theme.current = next
  writeString(LS_KEYS.theme, next)
  if (typeof document === 'object') document.documentElement.dataset.theme = next
}

export function toggleTheme(): void {
  setTheme(theme.current === 'dark' ? 'light' : 'dark')
}
