/**
 * Reading an upload sent as multipart/form-data (storage-js sends a Blob as a form with the fields
 * cacheControl and metadata, then the file), with busboy: the fields before the file are read as strings
 * (small, limited), and the file part's bytes are handed on as a stream, never held whole.
 */
import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { Busboy } from '@fastify/busboy'
import { invalid, type StorageError } from './errors'

export interface FormFile {
  fields: Record<string, string>
  contentType: string | undefined
  body: Readable
}

const MAX_FIELD_BYTES = 1024 * 1024
const MAX_FIELDS = 20

const malformed = (why: string) => invalid(`Malformed form data: ${why}`)

/** Reads fields until the first file part (one with a file name, or without a field name), whose bytes `body` then streams. */
export function readFormFile(req: IncomingMessage): Promise<FormFile> {
  return new Promise((resolve, reject) => {
    // gone before the form is read (its 'close' already came): nothing would ever arrive
    if (req.destroyed && !req.complete) return reject(malformed('the upload was cut off'))
    let parser: ReturnType<typeof Busboy>
    try {
      parser = Busboy({
        headers: req.headers as { 'content-type': string },
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
        isPartAFile: (name, _type, fileName) => fileName !== undefined || !name,
      })
    } catch (e) {
      reject(malformed((e as Error).message))
      return
    }
    const fields: Record<string, string> = {}
    let file: Readable | undefined
    const fail = (error: StorageError) => {
      if (file) file.destroy(error)
      else reject(error)
      req.unpipe(parser)
      req.resume()
    }
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(malformed(`the field ${name} is too long`))
      else fields[name] = value
    })
    parser.on('fieldsLimit', () => fail(malformed('too many fields')))
    parser.on('file', (_name, stream, _fileName, _encoding, mimeType) => {
      file = stream
      // Until the store reads it, an error (a form cut off) must not go unheard; reading the stream rethrows it.
      stream.on('error', () => {})
      resolve({ fields: { ...fields }, contentType: mimeType || undefined, body: stream })
    })
    parser.on('error', (e) => fail(malformed(e instanceof Error ? e.message : String(e))))
    parser.on('finish', () => {
      if (!file) reject(invalid('No file in the form'))
    })
    // A client that goes away mid-form: piping does not pass that on, so the file stream is ended with an error.
    req.on('close', () => {
      if (!req.complete) fail(malformed('the upload was cut off'))
    })
    req.pipe(parser)
  })
}
