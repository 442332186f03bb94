import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { COPIED_FEEDBACK_MS } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { Button, type ButtonSize, type ButtonVariant } from './Button'
import { copyToClipboard } from '../model/app/clipboard'

export interface CopyButtonProps {
  text: string
  label?: string
  variant?: ButtonVariant
  size?: ButtonSize
}

/** Copies `text`; says 'Copied' for a second. */
export function CopyButton({ text, label = 'Copy', variant = 'default', size = 'sm' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
    return () => clearTimeout(t)
  }, [copied])
  return (
    <Button
      variant={variant}
      size={size}
      icon={copied ? <Check size={14} /> : <Copy size={14} />}
      onClick={async () => setCopied(await copyToClipboard(text))}
    >
      {copied ? MSG.copied : label}
    </Button>
  )
}
