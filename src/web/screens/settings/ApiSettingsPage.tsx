import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { ApiKeyName } from '../../../../commands/settings'
import type { ProjectApiSettings } from '../../../shared/storage'
import { useApi } from '../../commands-context'
import { Alert, Badge, Spinner } from '../../ui'
import { apiSettingsQuery } from '../../model/settings/queries'
import { SettingRow } from './SettingRow'
import { DataApiSettings } from './DataApiSettings'
import './api-settings.css'

/** /project/{ref}/settings/api: the project's URLs and keys, to use with the client libraries, and its Data API settings. */
export function ApiSettingsPage() {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const settings = useQuery(apiSettingsQuery(useApi(), ref))
  return (
    <div className="api-page">
      <header className="api-page__header">
        <h1 className="api-page__title">API settings</h1>
        <p className="api-page__lead">Your project's URLs and keys, for the client libraries and direct HTTP calls.</p>
      </header>
      {settings.isPending ? (
        <Spinner label="Loading API settings" />
      ) : settings.isError ? (
        <Alert type="destructive" title="Failed to load the API settings">
          {settings.error.message}
        </Alert>
      ) : (
        <Sections settings={settings.data} />
      )}
      <DataApiSettings projectRef={ref} />
    </div>
  )
}

function Sections({ settings }: { settings: ProjectApiSettings }) {
  const row = (key: ApiKeyName, value: string | null) => ({ copyKey: key, value })
  return (
    <>
      <section className="api-card" aria-labelledby="api-urls">
        <h2 id="api-urls" className="api-card__title">Project URL</h2>
        <SettingRow label="URL" hint="The REST and client entry point of this project." {...row('url', settings.api_url)} />
        <SettingRow label="Storage URL" hint="What @supabase/storage-js and direct storage calls use." {...row('storage_url', settings.storage_url)} />
      </section>
      <section className="api-card" aria-labelledby="api-keys">
        <h2 id="api-keys" className="api-card__title">Project API keys</h2>
        <SettingRow
          label={<>anon <Badge>public</Badge></>}
          hint="Safe to use in a browser when Row Level Security is on for your tables and storage policies are in place."
          {...row('anon', settings.anon_key)}
        />
        <SettingRow
          label={<>service_role <Badge tone="danger">secret</Badge></>}
          hint="Only for servers you control: never share it or ship it to a browser."
          masked
          warning="This key bypasses Row Level Security: whoever holds it can read and change every row and every file."
          {...row('service_role', settings.service_role_key)}
        />
      </section>
      <section className="api-card" aria-labelledby="api-jwt">
        <h2 id="api-jwt" className="api-card__title">JWT settings</h2>
        <SettingRow
          label="JWT secret"
          hint="Signs and verifies the keys above and your users' tokens."
          masked
          {...row('jwt_secret', settings.jwt_secret)}
        />
      </section>
    </>
  )
}
