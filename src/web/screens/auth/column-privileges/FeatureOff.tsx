import { FlaskConical } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { Button, EmptyState, Kbd } from '../../../ui'

/** The page while its feature flag is off: what it is, and how to turn it on. */
export function FeatureOff() {
  return (
    <EmptyState
      className="cp-off"
      icon={<FlaskConical size={20} />}
      title={MSG.columnPrivilegesFlagOff}
      description={
        <>
          Column privileges lets you choose which columns the roles anon and authenticated can read, insert and update.
          Turn it on here, or from the command palette (<Kbd binding="$mod+k" /> then “Column privileges (ALPHA)”). The
          choice is kept in this browser, and the page then shows in the Authentication menu.
        </>
      }
      action={
        <Button variant="primary" onClick={() => press('nav.auth-column-privileges.flag.toggle')}>
          Turn on column privileges
        </Button>
      }
    />
  )
}
