import { toast } from './toasts'

/** Copies text; says why when it cannot (the browser refuses while the window is not focused). */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (!document.hasFocus()) {
    toast.info('Click into the page first: the browser only lets a focused window copy to the clipboard.')
    return false
  }
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch (e) {
    toast.error(`Failed to copy to the clipboard: ${(e as Error).message}`)
    return false
  }
}
