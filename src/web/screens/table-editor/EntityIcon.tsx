import { Eye, Globe, Layers, Table2, TableProperties, type LucideIcon } from 'lucide-react'
import { ENTITY_TYPE_LABELS, type EntityType } from '../../../shared/constants'

const ICONS: Record<EntityType, LucideIcon> = {
  table: Table2,
  view: Eye,
  'foreign table': Globe,
  'materialized view': Layers,
  'partitioned table': TableProperties,
}

/** The icon of a table list entry, named for screen readers by its type. */
export function EntityIcon({ type, size = 14 }: { type: EntityType; size?: number }) {
  const Icon = ICONS[type]
  return <Icon size={size} className={`te-entity-icon te-entity-icon--${type.replace(' ', '-')}`} aria-label={ENTITY_TYPE_LABELS[type]} role="img" />
}
