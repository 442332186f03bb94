/**
 * COPY … FROM STDIN over node-postgres, without another package: node-postgres runs any object with
 * submit() and hands it the server's replies, so this one answers CopyInResponse by writing the data as
 * CopyData messages to the connection's socket (waiting while it is full), then CopyDone.
 */
import type pg from 'pg'

/** The copy messages node-postgres's Connection sends but its typings do not declare. */
type CopyConnection = pg.Connection & {
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean; destroyed: boolean }
  endCopyFrom(): void
  sendCopyFail(message: string): void
}

/** Bytes per CopyData message. */
const MESSAGE_BYTES = 64 * 1024

/**
 * A CopyData message: its header, then the bytes themselves (node-postgres's own sendCopyFromChunk would
 * copy them into a new buffer first). Nothing else writes to the socket while a COPY runs.
 */
function copyData(socket: CopyConnection['stream'], bytes: Uint8Array): void {
  const header = Buffer.allocUnsafe(5)
  header[0] = 0x64 // 'd'
  header.writeInt32BE(4 + bytes.length, 1)
  socket.write(header)
  socket.write(bytes)
}

/** Resolves once the socket has room again, or has closed. */
function drained(socket: CopyConnection['stream']): Promise<void> {
  if (socket.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const go = () => {
      socket.off('drain', go).off('close', go)
      resolve()
    }
    socket.on('drain', go).on('close', go)
  })
}

class CopyIn implements pg.Submittable {
  readonly done: Promise<number>
  #settle!: (error: Error | null) => void
  #rows = 0
  /** the server has answered (an error, or the end): nothing more is sent */
  #over = false

  constructor(
    private readonly text: string,
    private readonly data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ) {
    this.done = new Promise((resolve, reject) => (this.#settle = (e) => (e ? reject(e) : resolve(this.#rows))))
  }

  submit(connection: pg.Connection): void {
    connection.query(this.text)
  }

  handleCopyInResponse(connection: CopyConnection): void {
    void this.#send(connection)
  }

  async #send(connection: CopyConnection): Promise<void> {
    const socket = connection.stream
    try {
      for await (const chunk of this.data) {
        // In messages of MESSAGE_BYTES the server starts on the data while the rest is on its way.
        for (let at = 0; at < chunk.length; at += MESSAGE_BYTES) {
          if (this.#over) return
          copyData(socket, chunk.subarray(at, at + MESSAGE_BYTES))
          if (socket.writableNeedDrain) await drained(socket)
        }
      }
      if (!this.#over) connection.endCopyFrom()
    } catch (e) {
      // The data failed (an upload cut short): the server ends the COPY with an error naming it.
      if (!this.#over) connection.sendCopyFail((e as Error).message || 'The data for COPY failed')
    }
  }

  handleCommandComplete(message: { rowCount?: number | null }): void {
    this.#rows = message.rowCount ?? 0
  }

  /** The server refused (a bad row, or CopyFail): it ignores any CopyData still on the way. */
  handleError(error: Error): void {
    this.#over = true
    this.#settle(error)
  }

  handleReadyForQuery(): void {
    this.#over = true
    this.#settle(null)
  }

  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleCopyData(): void {}
}

/** Runs `sql` (a COPY … FROM STDIN) on `client` with `data` as its input: the rows it loaded. */
export function copyFromStdin(client: pg.ClientBase, sql: string, data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<number> {
  return client.query(new CopyIn(sql, data)).done
}
