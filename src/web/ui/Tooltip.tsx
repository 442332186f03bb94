import type { ReactElement, ReactNode } from 'react'
import { Tooltip as RadixTooltip } from 'radix-ui'
import { Kbd } from './Kbd'

export interface TooltipProps {
  content: ReactNode
  /** a key binding shown beside the text */
  binding?: string
  side?: 'top' | 'right' | 'bottom' | 'left'
  /** one focusable element (it becomes the trigger) */
  children: ReactElement
}

export function Tooltip({ content, binding, side = 'top', children }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6}>
            {content}
            {binding && <Kbd binding={binding} />}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
