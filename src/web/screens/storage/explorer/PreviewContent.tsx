/** What the preview pane shows of a file by its MIME type: image, video, audio, PDF, or the start of its text. */
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { keys } from '../../../model/project/keys'

/** How much of a text file the pane shows. */
const TEXT_PREVIEW_CHARS = 20_000

const isText = (mime: string) =>
  mime.startsWith('text/') || /json|javascript|typescript|xml|yaml|toml|csv|sql|x-sh/.test(mime)

function TextPreview({ url }: { url: string }) {
  const text = useQuery({
    queryKey: keys.previewText(url),
    staleTime: Infinity,
    queryFn: async () => {
      const res = await fetch(url)
      if (!res.ok) throw new Error(res.statusText)
      return (await res.text()).slice(0, TEXT_PREVIEW_CHARS)
    },
  })
  return <pre className="sx-preview__text">{text.data ?? (text.isError ? text.error.message : '…')}</pre>
}

export function PreviewContent({ url, mime, name, fallback }: { url: string; mime: string; name: string; fallback: ReactNode }) {
  if (mime.startsWith('image/')) return <img className="sx-preview__image" src={url} alt={name} />
  if (mime.startsWith('video/')) return <video className="sx-preview__video" src={url} controls />
  if (mime.startsWith('audio/')) return <audio src={url} controls />
  if (mime === 'application/pdf') return <iframe className="sx-preview__pdf" src={url} title={name} />
  if (isText(mime)) return <TextPreview url={url} />
  return <>{fallback}</>
}
