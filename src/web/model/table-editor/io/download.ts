/** Starts a download the browser streams to disk (a plain link click); headless there is nothing to click. */
export function startDownload(url: string): void {
  if (typeof document === 'undefined') return
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}
