/** The self-hosted platform calls, and what every unknown path or project answers. */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/web/data/api'
import { DEFAULT_PROJECT_NAME } from '../../src/shared/constants'
import { SELF_HOSTED_GRANTS } from '../../src/shared/permissions'
import { targets } from '../support/context'
import { client } from './support/http'

describe.each(targets())('platform on $name', (target) => {
  const { api, send } = client(target.url)

  it('describes the studio: self-hosted, on its database', async () => {
    expect(await api.studio()).toEqual({ isPlatform: false, version: expect.any(String), database: target.name })
  })

  it('lists the one project, ref default, and finds no other', async () => {
    const project = { id: 1, ref: 'default', name: DEFAULT_PROJECT_NAME, status: 'ACTIVE_HEALTHY', connectionString: null, parent_project_ref: null }
    expect(await api.projects()).toEqual([project])
    expect(await api.project('default')).toEqual(project)
    await expect(api.project('other')).rejects.toEqual(new ApiError('Project not found', 404))
  })

  it('grants the self-hosted user everything', async () => {
    expect(await api.permissions()).toEqual(SELF_HOSTED_GRANTS)
  })

  it('answers an unknown project ref with 404 Project not found', async () => {
    expect(await send('GET', '/platform/pg-meta/nope/schemas')).toEqual({
      status: 404,
      body: { message: 'Project not found', code: 404 },
    })
  })

  it('answers unknown paths with a JSON 404', async () => {
    const res = await send('GET', '/platform/pg-meta/default/nothing-here')
    expect(res).toEqual({ status: 404, body: { message: expect.stringContaining('Not found'), code: 404 } })
  })

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await send('POST', '/platform/pg-meta/default/query', '{"query": ')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: expect.any(String), code: 400 })
  })
})
