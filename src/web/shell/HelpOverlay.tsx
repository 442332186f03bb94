/** The '?' overlay: every key binding of the effective keymap, grouped by area, titled from the registry. */
import { useSnapshot } from 'valtio'
import { getCommand, type Command } from '../../../commands/registry'
import { effectiveKeymap, keymap } from '../model/app/keys/keymap'
import { areaLabel, orderAreas } from '../palette/areas'
import { help, setHelpOpen } from '../model/app/help'
import { Badge } from '../ui/Badge'
import { Dialog } from '../ui/Dialog'
import { Kbd } from '../ui/Kbd'

interface Row {
  cmd: Command
  keys: string
  custom: boolean
}

export function HelpOverlay() {
  const { open } = useSnapshot(help)
  const { overrides } = useSnapshot(keymap)
  const rows: Row[] = Object.entries(effectiveKeymap(overrides)).flatMap(([id, keys]) => {
    const cmd = getCommand(id)
    return cmd ? [{ cmd, keys, custom: id in overrides }] : []
  })
  const areas = orderAreas(rows.map((r) => r.cmd.area))

  return (
    <Dialog
      open={open}
      onOpenChange={setHelpOpen}
      title="Keyboard shortcuts"
      description={
        <>
          Letters separated by a space are pressed one after the other. Every action is also in the command palette (
          <Kbd binding="$mod+k" />
          ), where “Change a key binding” rebinds any of them.
        </>
      }
      size="large"
    >
      <div className="help-grid">
        {areas.map((area) => (
          <section key={area} className="help-area" aria-labelledby={`help-${area}`}>
            <h3 id={`help-${area}`} className="help-area__title">
              {areaLabel(area)}
            </h3>
            <dl className="help-list">
              {rows
                .filter((r) => r.cmd.area === area)
                .map((r) => (
                  <div key={r.cmd.id} className="help-row">
                    <dt>
                      {r.cmd.title}
                      {r.custom && <Badge tone="info">custom</Badge>}
                    </dt>
                    <dd>
                      <Kbd binding={r.keys} />
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
