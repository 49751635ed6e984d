import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/** Backend and frontend message types this bridge looks at (PostgreSQL protocol 3). */
const READY_FOR_QUERY = 0x5a; // 'Z'
const TERMINATE = 0x58; // 'X'
const IDLE = 0x49; // 'I': ReadyForQuery outside any transaction
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** PostgreSQL clients find a server's socket as `<dir>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;

/** Simple-protocol `ROLLBACK`, to end what a vanished client left open. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** Follows the backend's messages across chunks and remembers the last ReadyForQuery status. */
class ReadyTracker {
  status: number | undefined;
  #header = Buffer.alloc(0);
  #remaining = 0;
  #type = 0;

  feed(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#remaining === 0) {
        const need = 5 - this.#header.length;
        this.#header = Buffer.concat([this.#header, chunk.subarray(at, at + need)]);
        at += Math.min(need, chunk.length - at);
        if (this.#header.length < 5) return;
        this.#type = this.#header[0]!;
        this.#remaining = this.#header.readInt32BE(1) - 4;
        this.#header = Buffer.alloc(0);
        if (this.#remaining === 0) continue;
      }
      const take = Math.min(this.#remaining, chunk.length - at);
      if (this.#type === READY_FOR_QUERY && take > 0) this.status = chunk[at + take - 1];
      this.#remaining -= take;
      at += take;
    }
  }
}

/**
 * Decides which connection talks to the single PGlite session. PGlite is one session, so a
 * connection owns it from its first message until PGlite is ready for a query outside a
 * transaction: an extended-protocol batch (Parse … Sync) and a whole transaction run without any
 * other connection's messages in between. Ownership is PGlite's own transaction lock, which the
 * process's direct queries and transactions (Drizzle) take too, so those never interleave with a
 * connection's batch or transaction either.
 *
 * It stands in for pglite-socket's own queue, which keeps a connection only while a transaction is
 * open and so interleaves concurrent extended-protocol batches (electric-sql/pglite#1046).
 */
class SessionScheduler {
  #owner: number | undefined;
  #release: (() => void) | undefined;
  readonly #chains = new Map<number, Promise<unknown>>();
  readonly #gone = new Set<number>();

  constructor(private readonly db: PGlite) {}

  /** Runs one frontend message of a connection, in the order the connection sent them. */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) {
    const previous = this.#chains.get(handlerId) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(() => this.#run(handlerId, message, onData));
    this.#chains.set(handlerId, run);
    return run;
  }

  async #run(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void) {
    if (this.#gone.has(handlerId)) throw new Error('The connection has closed');
    // A client saying goodbye must not reach PGlite: its session is everyone's.
    if (message[0] === TERMINATE) {
      await this.#endSession(handlerId);
      return 0;
    }
    if (this.#owner !== handlerId) await this.#acquire(handlerId);
    const ready = new ReadyTracker();
    let bytes = 0;
    try {
      await this.db._runExclusiveQuery(() =>
        this.db.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            ready.feed(data);
            onData(data);
          },
        }),
      );
    } catch (err) {
      await this.#endSession(handlerId);
      throw err;
    }
    if (ready.status === IDLE) this.#releaseSession(handlerId);
    return bytes;
  }

  #acquire(handlerId: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.db
        ._runExclusiveTransaction(
          () =>
            new Promise<void>((release) => {
              this.#owner = handlerId;
              this.#release = release;
              resolve();
            }),
        )
        .catch(reject);
    });
  }

  #releaseSession(handlerId: number) {
    if (this.#owner !== handlerId) return;
    const release = this.#release;
    this.#owner = undefined;
    this.#release = undefined;
    release?.();
  }

  /** Ends whatever the connection left half-done (a batch without Sync, an open transaction). */
  async #endSession(handlerId: number) {
    if (this.#owner !== handlerId) return;
    try {
      await this.db._runExclusiveQuery(async () => {
        await this.db.execProtocolRaw(SYNC);
        if (this.db.isInTransaction()) await this.db.execProtocolRaw(simpleQuery('ROLLBACK'));
      });
    } finally {
      this.#releaseSession(handlerId);
    }
  }

  // The two calls pglite-socket's handler makes when its socket closes.
  clearQueueForHandler(handlerId: number) {
    this.#gone.add(handlerId);
  }

  async clearTransactionIfNeeded(handlerId: number) {
    await this.#chains.get(handlerId)?.catch(() => {});
    this.#chains.delete(handlerId);
    await this.#endSession(handlerId);
  }

  getQueueLength() {
    return 0;
  }
}

export interface WireServer {
  /** `postgres://…` for any PostgreSQL client of this process. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves an embedded PGlite over the PostgreSQL wire protocol on a Unix socket in a private
 * folder, for clients that only speak it (DBOS). Connections beyond `maxConnections` are refused.
 */
export async function serveOverWire(
  db: PGlite,
  { maxConnections = 20 }: { maxConnections?: number } = {},
): Promise<WireServer> {
  await db.waitReady;
  const scheduler = new SessionScheduler(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    if (handlers.size >= maxConnections) {
      socket.end();
      return;
    }
    const handler = new PGLiteSocketHandler({
      // The handler only calls enqueue, clearQueueForHandler and clearTransactionIfNeeded.
      queryQueue: scheduler as unknown as ConstructorParameters<
        typeof PGLiteSocketHandler
      >[0]['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    sockets.add(socket);
    const forget = () => {
      handlers.delete(handler);
      sockets.delete(socket);
    };
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch(() => socket.destroy());
  });
  // A socket file in a folder only this user can open: the embedded database has no password.
  const dir = await mkdtemp(path.join(tmpdir(), 'pawfresh-pg-'));
  await chmod(dir, 0o700);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path.join(dir, `.s.PGSQL.${SOCKET_PORT}`), () => resolve());
  });
  return {
    url: `postgres://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(dir)}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...handlers].map((h) => h.detach(true)));
      for (const socket of sockets) socket.destroy();
      await closed;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
