/** What every pick step of the palette shows alike: the text field, and the loading and error lines. */
import { Command } from 'cmdk'
import { useSnapshot } from 'valtio'
import { palette, setPaletteSearch } from '../model/app/palette'
import { Spinner } from '../ui/Spinner'
import { backOnEmpty } from './step-options'

/** The step's text field: it filters (or searches) the options; Backspace on it empty goes back a step. */
export function StepInput({ placeholder }: { placeholder: string }) {
  const { search } = useSnapshot(palette)
  return (
    <div className="palette-input-row">
      <Command.Input
        autoFocus
        className="palette-input"
        placeholder={placeholder}
        value={search}
        onValueChange={setPaletteSearch}
        onKeyDown={backOnEmpty}
      />
    </div>
  )
}

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
