/**
 * The snippets of the guides: Introduction (install supabase-js, create a client), Authentication (the
 * keys, a user's access token) and User management (sign up, sign in, magic link, the user, password
 * reset, update, sign out), with supabase-js and curl against the project's auth API. A user's access
 * token is `$ACCESS_TOKEN` in the curl ones: the sign-in's answer holds it.
 */
import { curl, jsString, jsValue, jsonBody, shellQuote } from './code'
import type { DocSnippet, SnippetTarget } from './snippets'

export const EXAMPLE_EMAIL = 'someone@example.com'
export const EXAMPLE_PASSWORD = 'example-password-1'

const authUrl = (t: SnippetTarget, path: string) => `${t.apiUrl}/auth/v1/${path}`
const JSON_TYPE = 'Content-Type: application/json'

export function introSnippets(t: SnippetTarget): DocSnippet[] {
  return [
    {
      id: 'install',
      title: 'Install supabase-js',
      description: 'The JavaScript client, for browsers, Node.js, Deno and Bun.',
      js: 'npm install --save @supabase/supabase-js',
      bash: 'npm install --save @supabase/supabase-js',
      shell: true,
    },
    {
      id: 'create-client',
      title: 'Create a client',
      description: 'One client per app: it calls the REST, auth and storage APIs of this project.',
      js: [
        "import { createClient } from '@supabase/supabase-js'",
        '',
        `const supabaseUrl = ${jsString(t.apiUrl)}`,
        `const supabaseKey = ${jsString(t.key.value)}`,
        'const supabase = createClient(supabaseUrl, supabaseKey)',
      ].join('\n'),
      bash: curl('GET', `${t.apiUrl}/rest/v1/`, t.key),
    },
  ]
}

export function authSnippets(t: SnippetTarget): DocSnippet[] {
  return [
    {
      id: 'key',
      title: 'Client API key',
      description: 'Every request carries a key: the anon key in browsers and apps, where Row Level Security protects the data.',
      js: `const supabase = createClient(${jsString(t.apiUrl)}, ${jsString(t.key.value)})`,
      bash: curl('GET', `${t.apiUrl}/rest/v1/`, t.key),
    },
    {
      id: 'user-token',
      title: 'User access token',
      description: 'Once a user signs in, supabase-js sends their access token instead of the key: policies see them as auth.uid(). With curl, pass it as the bearer token.',
      js: [
        'const { data, error } = await supabase.auth.signInWithPassword({',
        `  email: ${jsString(EXAMPLE_EMAIL)},`,
        `  password: ${jsString(EXAMPLE_PASSWORD)},`,
        '})',
        '// later calls send data.session.access_token',
      ].join('\n'),
      bash: [
        `curl ${shellQuote(`${t.apiUrl}/auth/v1/user`)}`,
        `-H "apikey: ${t.key.value}"`,
        '-H "Authorization: Bearer $ACCESS_TOKEN"',
      ].join(' \\\n'),
    },
  ]
}

/** curl to the auth API as a signed-in user: the key as apikey, the user's token as the bearer. */
function asUser(method: string, url: string, t: SnippetTarget, body?: unknown): string {
  const lines = [
    `curl ${method === 'GET' ? '' : `-X ${method} `}${shellQuote(url)}`,
    `-H "apikey: ${t.key.value}"`,
    '-H "Authorization: Bearer $ACCESS_TOKEN"',
  ]
  if (body !== undefined) lines.push(`-H "${JSON_TYPE}"`, `-d ${shellQuote(jsonBody(body))}`)
  return lines.join(' \\\n')
}

const authCall = (method: string, arg?: unknown) =>
  `const { data, error } = await supabase.auth.${method}(${arg === undefined ? '' : jsValue(arg)})`

export function userSnippets(t: SnippetTarget): DocSnippet[] {
  const credentials = { email: EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD }
  return [
    {
      id: 'sign-up',
      title: 'Sign up',
      description: 'Creates a user with an email and a password. Unless email confirmations are off, the user confirms by the link mailed to them.',
      js: authCall('signUp', credentials),
      bash: curl('POST', authUrl(t, 'signup'), t.key, [JSON_TYPE], jsonBody(credentials)),
    },
    {
      id: 'sign-in',
      title: 'Sign in with a password',
      description: 'The answer holds the session: its access_token is the user\'s token (ACCESS_TOKEN below).',
      js: authCall('signInWithPassword', credentials),
      bash: curl('POST', authUrl(t, 'token?grant_type=password'), t.key, [JSON_TYPE], jsonBody(credentials)),
    },
    {
      id: 'magic-link',
      title: 'Sign in with a magic link',
      description: 'Mails the user a link that signs them in (and signs them up, unless sign-ups are off).',
      js: authCall('signInWithOtp', { email: EXAMPLE_EMAIL }),
      bash: curl('POST', authUrl(t, 'otp'), t.key, [JSON_TYPE], jsonBody({ email: EXAMPLE_EMAIL })),
    },
    {
      id: 'get-user',
      title: 'Get the user',
      description: 'The signed-in user, as the auth server knows them now.',
      js: authCall('getUser'),
      bash: asUser('GET', authUrl(t, 'user'), t),
    },
    {
      id: 'reset-password',
      title: 'Send a password reset',
      description: 'Mails the user a link to choose a new password.',
      js: authCall('resetPasswordForEmail', EXAMPLE_EMAIL),
      bash: curl('POST', authUrl(t, 'recover'), t.key, [JSON_TYPE], jsonBody({ email: EXAMPLE_EMAIL })),
    },
    {
      id: 'update-user',
      title: 'Update the user',
      description: 'Changes the signed-in user\'s metadata (or email, or password).',
      js: authCall('updateUser', { data: { name: 'Ada' } }),
      bash: asUser('PUT', authUrl(t, 'user'), t, { data: { name: 'Ada' } }),
    },
    {
      id: 'sign-out',
      title: 'Sign out',
      description: 'Ends the session: its refresh token no longer works.',
      js: 'const { error } = await supabase.auth.signOut()',
      bash: asUser('POST', authUrl(t, 'logout'), t),
    },
  ]
}
