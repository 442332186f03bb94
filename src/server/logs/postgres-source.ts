/**
 * The postgres source: every statement the studio's services run on the project database, recorded by a
 * Driver that wraps the project's own. (Being filled in: for now the driver is passed through.)
 */
import type { Driver } from '../db/driver'
import type { LogSink } from './collector'

export function loggedDriver(db: Driver, _logs: LogSink): Driver {
  return db
}
