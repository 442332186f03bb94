/**
 * Handing bytes to the browser's downloads (an object URL clicked through a download link) and text to
 * the clipboard; headless (tests) there is no document: nothing to save or copy to.
 */
import { copyToClipboard } from '../../../../ui/clipboard'

export function saveBlob(blob: Blob, fileName: string): void {
  if (typeof document === 'undefined') return
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export async function copyText(text: string): Promise<boolean> {
  if (typeof document === 'undefined') return true
  return copyToClipboard(text)
}
