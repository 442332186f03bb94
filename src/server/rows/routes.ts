/** POST table-rows and table-rows/count: the grid's page of rows and its count. */
import type { FastifyInstance } from 'fastify'
import { CountBody, RowsBody, type CountResponse, type RowsResponse } from '../../shared/api'
import type { Driver } from '../db/driver'
import { parse } from '../errors'
import { finishCells } from './cells'
import { countSource } from './count'
import { loadSource } from './source'
import { selectRows } from './sql'

export function rowRoutes(app: FastifyInstance, db: Driver): void {
  app.post('/table-rows', async (req): Promise<RowsResponse> => {
    const body = parse(RowsBody, req.body)
    return db.withRole(body.impersonate, async (tx) => {
      const source = await loadSource(tx, body.tableId)
      const { sql, params } = selectRows(source, body)
      return finishCells(source, (await tx.query(sql, params)).rows)
    })
  })

  app.post('/table-rows/count', async (req): Promise<CountResponse> => {
    const body = parse(CountBody, req.body)
    return db.withRole(body.impersonate, async (tx) =>
      countSource(tx, await loadSource(tx, body.tableId), body.filters, body.impersonate !== undefined),
    )
  })
}
