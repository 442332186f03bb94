/** One logs.all call over a time range, for every logs page (the source views and the explorer). */
import type { Row } from '../../../shared/api'
import { endpoints as e } from '../../../shared/contract'
import type { LogsQueryResponse } from '../../../shared/contract/analytics'
import type { Api } from '../../data/api'
import type { LogBounds } from './time-range'

/** The answer: the rows the SQL read, and whether there were more than the server answers. */
export function queryLogs(api: Api, ref: string, sql: string, bounds: LogBounds): Promise<LogsQueryResponse> {
  return api.call(e.logsAll, { params: { ref }, query: { sql, iso_timestamp_start: bounds.start, iso_timestamp_end: bounds.end } })
}

/** Just the rows. */
export async function runLogsSql(api: Api, ref: string, sql: string, bounds: LogBounds): Promise<Row[]> {
  return (await queryLogs(api, ref, sql, bounds)).result
}
