/** One logs.all call over a time range: the rows the SQL read. */
import type { Row } from '../../../../shared/api'
import { endpoints as e } from '../../../../shared/contract'
import type { Api } from '../../../data/api'
import type { LogBounds } from '../time-range'

export async function runLogsSql(api: Api, ref: string, sql: string, bounds: LogBounds): Promise<Row[]> {
  const answer = await api.call(e.logsAll, { params: { ref }, query: { sql, iso_timestamp_start: bounds.start, iso_timestamp_end: bounds.end } })
  return answer.result
}
