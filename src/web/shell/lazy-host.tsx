/**
 * A part of the frame that shows only now and then (the palette, the '?' overlay, a confirmation), kept out
 * of the first load: its chunk is fetched after the first render (`prefetch: 'mount'`) or once the browser
 * is idle (`'idle'`), or as soon as it is asked to open if that comes first (its store is open already, so
 * it shows as soon as it is there). Once loaded it stays mounted, as if it had been imported directly.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { toast } from '../model/app/toasts'
import { whenIdle } from './idle'

export type LazyHost = (() => ReactNode) & {
  /** whether its chunk is there (it renders) */
  loaded(): boolean
}

export function lazyHost(
  name: string,
  load: () => Promise<ComponentType>,
  useOpen: () => boolean,
  prefetch: 'mount' | 'idle' = 'idle',
): LazyHost {
  let Loaded: ComponentType | null = null
  let loading: Promise<ComponentType> | null = null
  const get = () =>
    (loading ??= load().then(
      (c) => (Loaded = c),
      (e: unknown) => {
        loading = null
        throw e
      },
    ))

  function Host() {
    const open = useOpen()
    const [, setLoaded] = useState(Loaded !== null)
    useEffect(() => {
      if (Loaded) return
      let live = true
      const fetch = () =>
        get().then(
          () => live && setLoaded(true),
          () => open && toast.error(`The ${name} could not be loaded: check the connection and try again`),
        )
      let cancel: (() => void) | undefined
      if (open || prefetch === 'mount') void fetch()
      else cancel = whenIdle(() => void fetch())
      return () => {
        live = false
        cancel?.()
      }
    }, [open])
    return Loaded ? <Loaded /> : null
  }
  Host.displayName = `LazyHost(${name})`
  return Object.assign(Host, { loaded: () => Loaded !== null })
}
