/** What every pick step of the palette shows alike: the loading and error lines (its field and list: PaletteList). */
import { Command } from 'cmdk'
import { Spinner } from '../ui/Spinner'

/** While the options load, a spinner; when they failed, why. */
export function OptionsStatus({ loading, error }: { loading: boolean; error: Error | null }) {
  return (
    <>
      {loading && (
        <Command.Loading>
          <div className="palette-status">
            <Spinner /> Loading…
          </div>
        </Command.Loading>
      )}
      {error && <div className="palette-status palette-status--error">{error.message}</div>}
    </>
  )
}
