/**
 * A bucket's storage docs: storage-js (supabase.storage) and curl snippets for one example file, in the
 * order a client uses them: upload, list, download, signed URL, public URL (public buckets), delete.
 */
import { curl, jsString, jsonBody, shellQuote, urlPart } from './code'
import type { DocSnippet, SnippetTarget } from './snippets'

export const EXAMPLE_FOLDER = 'folder'
export const EXAMPLE_FILE = `${EXAMPLE_FOLDER}/example.txt`
const EXAMPLE_TEXT = 'Hello world'

const storageUrl = (t: SnippetTarget, path: string) => `${t.apiUrl}/storage/v1/${path}`
const encodeKey = (key: string) => key.split('/').map(urlPart).join('/')

/** `const { data, error } = await supabase.storage` then `.from(bucket)` and the call. */
const call = (bucket: string, method: string) =>
  ['const { data, error } = await supabase.storage', `  .from(${jsString(bucket)})`, `  ${method}`].join('\n')

export function storageSnippets(bucket: { name: string; public: boolean }, t: SnippetTarget): DocSnippet[] {
  const b = bucket.name
  const file = jsString(EXAMPLE_FILE)
  const object = `${urlPart(b)}/${encodeKey(EXAMPLE_FILE)}`
  const json = 'Content-Type: application/json'
  const snippets: DocSnippet[] = [
    {
      id: 'upload',
      title: 'Upload a file',
      description: 'The body may be a File, a Blob, an ArrayBuffer or text; upsert replaces a file already there.',
      js: call(b, `.upload(${file}, ${jsString(EXAMPLE_TEXT)}, { contentType: 'text/plain', upsert: true })`),
      bash: [
        curl('POST', storageUrl(t, `object/${object}`), t.key, ['Content-Type: text/plain', 'x-upsert: true']),
        `--data-binary ${shellQuote(EXAMPLE_TEXT)}`,
      ].join(' \\\n'),
    },
    {
      id: 'list',
      title: 'List files in a folder',
      description: 'The folder\'s files and folders, sorted and paged.',
      js: call(b, `.list(${jsString(EXAMPLE_FOLDER)}, { limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } })`),
      bash: curl('POST', storageUrl(t, `object/list/${urlPart(b)}`), t.key, [json],
        jsonBody({ prefix: EXAMPLE_FOLDER, limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } })),
    },
    {
      id: 'download',
      title: 'Download a file',
      description: 'data is a Blob with the file\'s bytes and type.',
      js: call(b, `.download(${file})`),
      bash: curl('GET', storageUrl(t, `object/${object}`), t.key),
    },
    {
      id: 'signed-url',
      title: 'Create a signed URL',
      description: 'A link anyone can open for the given number of seconds, even in a private bucket.',
      js: call(b, `.createSignedUrl(${file}, 60)`),
      bash: curl('POST', storageUrl(t, `object/sign/${object}`), t.key, [json], jsonBody({ expiresIn: 60 })),
    },
  ]
  if (bucket.public) {
    snippets.push({
      id: 'public-url',
      title: 'Get the public URL',
      description: 'Files of a public bucket are served to anyone at this URL; building it makes no request.',
      js: ['const { data } = supabase.storage', `  .from(${jsString(b)})`, `  .getPublicUrl(${file})`].join('\n'),
      bash: `curl ${shellQuote(storageUrl(t, `object/public/${object}`))}`,
    })
  }
  snippets.push({
    id: 'delete',
    title: 'Delete files',
    description: 'Removes the files named (up to 1000 at a time).',
    js: call(b, `.remove([${file}])`),
    bash: curl('DELETE', storageUrl(t, `object/${urlPart(b)}`), t.key, [json], jsonBody({ prefixes: [EXAMPLE_FILE] })),
  })
  return snippets
}
