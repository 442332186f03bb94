/** Each project's Data API settings (exposed schemas, extra search path, max rows), kept in the platform store. */
import { REST_DEFAULT_EXTRA_SEARCH_PATH, REST_DEFAULT_MAX_ROWS, REST_DEFAULT_SCHEMAS } from '../../shared/constants'
import type { RestConfig } from '../../shared/rest'
import type { PlatformStore } from '../platform/store'

export const defaultRestConfig = (): RestConfig => ({
  schemas: [...REST_DEFAULT_SCHEMAS],
  extraSearchPath: [...REST_DEFAULT_EXTRA_SEARCH_PATH],
  maxRows: REST_DEFAULT_MAX_ROWS,
})

// TODO(H1): keep it in the platform store, with a dashboard route to read and change it.
export class RestConfigStore {
  constructor(private readonly store: PlatformStore) {}

  async get(_ref: string): Promise<RestConfig> {
    void this.store
    return defaultRestConfig()
  }
}
