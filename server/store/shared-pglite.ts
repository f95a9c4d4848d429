/**
 * Sharing an embedded PGlite database between processes.
 *
 * PGlite runs inside the process that opened it, and only one process may open a data folder. So the app
 * serves its database on a unix socket in the data folder (PostgreSQL's own naming, `.s.PGSQL.5432`, so
 * `pg` finds it with `host: <folder>, port: 5432`), and tools such as the key CLI connect there while the
 * app runs. When no app serves the folder, a tool opens it directly.
 *
 * PGlite is a single PostgreSQL session, shared by the app and every socket client. Each client here takes
 * the app's connection mutex with its first wire message and keeps it until PostgreSQL reports the session
 * idle again (ReadyForQuery 'I'), so the app and the clients take turns by whole statements and
 * transactions, as separate PostgreSQL sessions would. Without that, an app query runs inside a client's
 * open transaction (seeing its uncommitted rows, or being rolled back with it) or between the Parse and
 * Bind of a client's query.
 *
 * Why not PGLiteSocketServer from @electric-sql/pglite-socket: it runs each wire message under PGlite's
 * query lock only, so the app's statements interleave with a client's as described above. Wrapping its
 * PGlite instance fixes the interleaving but not a client that disconnects between the messages of one
 * query: its multiplexer runs the message already taken from its queue and then waits for that client's
 * next message forever, and nothing outside it can tell it to resume. Serving per connection, as below,
 * knows which client holds the session and releases it when that client goes away.
 */
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { DataDirBusyError, createPgPool, lockDataDir, openPGliteStore, openPostgresStore, openStore, type Store, type StoreOptions } from './database';
import type { ConnectionMutex } from './pglite-dialect';

const SOCKET_PORT = 5432;
// sockaddr_un.sun_path holds 108 bytes on Linux and 104 on macOS, including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 103;
const DEFAULT_HOLD_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_CONNECTIONS = 16;
const DEFAULT_TOOL_WAIT_MS = 15_000;

export function pgliteSocketDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite');
}

export function pgliteSocketPath(dataDir: string): string {
  return path.join(pgliteSocketDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
}

export interface ServeOptions {
  /**
   * The app waits while a client is inside a transaction or a query. A client that sends nothing for this
   * long while it holds the session is disconnected and its transaction rolled back, like PostgreSQL's
   * idle_in_transaction_session_timeout. Idle clients that hold nothing stay connected.
   */
  holdTimeoutMs?: number;
  maxConnections?: number;
}

export interface SharedStoreServer {
  socketPath: string;
  close(): Promise<void>;
}

/** Serves the store's PGlite database on `${dataDir}/pglite/.s.PGSQL.5432`. Close it before the store. */
export async function serveStoreOverSocket(store: Store, dataDir: string, options: ServeOptions = {}): Promise<SharedStoreServer> {
  const handle = store.pglite;
  if (!handle?.dataDir) {
    throw new Error('Only an embedded (PGlite) store opened on a data folder can be served to other processes.');
  }
  if (handle.dataDir !== path.resolve(dataDir)) {
    throw new Error(`The store was opened on ${handle.dataDir}, not on ${path.resolve(dataDir)}.`);
  }
  const socketPath = pgliteSocketPath(dataDir);
  assertSocketPathFits(socketPath);
  // The store holds the data folder's lock, so no live process serves this folder: a socket file left here
  // belongs to a process that crashed, and binding would fail on it with EADDRINUSE.
  await rm(socketPath, { force: true });

  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const holdTimeoutMs = options.holdTimeoutMs ?? DEFAULT_HOLD_TIMEOUT_MS;
  const sessions = new Set<ClientSession>();
  const server = createServer((socket) => {
    if (sessions.size >= maxConnections) {
      socket.end(errorResponse('53300', 'too many clients on the shared PGlite database'));
      return;
    }
    const session = new ClientSession(socket, handle.instance, handle.mutex, holdTimeoutMs);
    sessions.add(session);
    void session.ended.then(() => sessions.delete(session));
  });
  await listen(server, socketPath);

  let closing: Promise<void> | undefined;
  return {
    socketPath,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        const ending = [...sessions].map((session) => session.end());
        await Promise.all([stopped, ...ending]);
      })()),
  };
}

/**
 * Opens the store for a short-lived tool (the key CLI). PostgreSQL: as `openStore`. A PGlite data folder:
 * through the app's socket when the app serves it, else directly; while another process holds the folder
 * without serving it yet (an app starting up, another tool), waits up to `lockWaitMs` for either.
 */
export async function openStoreForTool(options: StoreOptions): Promise<Store> {
  const { dataDir } = options;
  if (options.databaseUrl || dataDir === undefined || dataDir.startsWith('memory://')) return openStore(options);

  const root = path.resolve(dataDir);
  const deadline = Date.now() + (options.lockWaitMs ?? DEFAULT_TOOL_WAIT_MS);
  for (;;) {
    const pool = await connectToServedStore(dataDir);
    if (pool) return openPostgresStore(pool, 'pglite');
    try {
      const lock = await lockDataDir(root, 0);
      // Holding the lock means no live process serves the folder, so a socket file here is stale.
      await rm(pgliteSocketPath(dataDir), { force: true });
      return await openPGliteStore(root, lock);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      if (Date.now() >= deadline) {
        throw new Error(
          `${error.message} It does not serve the database on ${pgliteSocketPath(dataDir)}, so this tool cannot ` +
            'reach it; stop that process or set DATABASE_URL.',
          { cause: error },
        );
      }
      await sleep(200);
    }
  }
}

/** A one-connection pool to the app's socket, or undefined when no process listens on it. */
async function connectToServedStore(dataDir: string) {
  const pool = createPgPool({
    host: pgliteSocketDir(dataDir),
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    connectionTimeoutMillis: 10_000,
  });
  try {
    const client = await pool.connect();
    client.release();
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    // No socket file, or one nobody listens on (its app crashed).
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw error;
  }
}

function assertSocketPathFits(socketPath: string): void {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`The socket path ${socketPath} is longer than unix sockets allow (${MAX_SOCKET_PATH_BYTES} bytes); ` + 'use a shorter DATA_DIR.');
  }
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// One client connection. Wire format: the first message (startup, SSL or cancel request) is an int32
// length and a body; every later one is a type byte, an int32 length (counting itself) and a body.

const PROTOCOL_3_0 = 196608;
const SSL_REQUEST = 80877103;
const GSS_ENCRYPTION_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const STATUS_IDLE = 0x49; // 'I'
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
const SYNC_MESSAGE = new Uint8Array([0x53, 0, 0, 0, 4]);
const ROLLBACK_MESSAGE = simpleQueryMessage('ROLLBACK');

class ClientSession {
  readonly #socket: Socket;
  readonly #pglite: PGlite;
  readonly #mutex: ConnectionMutex;
  readonly #holdTimeoutMs: number;
  readonly #tracker = new ReadyForQueryTracker();
  #buffer: Buffer = Buffer.alloc(0);
  #started = false;
  #closed = false;
  /** Set while this client holds the session (the app's connection mutex). */
  #release: (() => void) | undefined;
  #holdTimer: NodeJS.Timeout | undefined;
  /** This client's messages, run one after another in arrival order. */
  #work: Promise<void> = Promise.resolve();
  readonly ended: Promise<void>;

  constructor(socket: Socket, pglite: PGlite, mutex: ConnectionMutex, holdTimeoutMs: number) {
    this.#socket = socket;
    this.#pglite = pglite;
    this.#mutex = mutex;
    this.#holdTimeoutMs = holdTimeoutMs;
    this.ended = new Promise((resolve) => {
      socket.on('close', () => {
        this.#closed = true;
        clearTimeout(this.#holdTimer);
        // After its last message ran, give back whatever the client left behind.
        this.#work = this.#work.then(() => this.#abandon()).then(resolve, resolve);
      });
    });
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
  }

  end(): Promise<void> {
    this.#socket.destroy();
    return this.ended;
  }

  #receive(chunk: Buffer): void {
    clearTimeout(this.#holdTimer);
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const message = this.#takeMessage();
      if (!message) return;
      this.#work = this.#work
        .then(() => this.#run(message))
        .catch(() => {
          this.#socket.destroy();
        });
    }
  }

  /** The next complete message from the buffer, answering SSL/GSS/cancel requests on the way. */
  #takeMessage(): Uint8Array | undefined {
    for (;;) {
      const headerBytes = this.#started ? 5 : 8;
      if (this.#buffer.length < headerBytes) return undefined;
      const length = this.#started ? 1 + this.#buffer.readInt32BE(1) : this.#buffer.readInt32BE(0);
      if (length < headerBytes || length > MAX_MESSAGE_BYTES) {
        this.#socket.destroy();
        return undefined;
      }
      if (this.#buffer.length < length) return undefined;
      const message = new Uint8Array(this.#buffer.subarray(0, length));
      this.#buffer = this.#buffer.subarray(length);
      if (this.#started) return message;

      const code = new DataView(message.buffer, message.byteOffset).getInt32(4);
      if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) {
        this.#socket.write('N'); // not supported: the client continues unencrypted on this local socket
        continue;
      }
      if (code === CANCEL_REQUEST) {
        // PGlite cannot interrupt a running statement; a cancel request is all its connection carries.
        this.#socket.end();
        return undefined;
      }
      if (code !== PROTOCOL_3_0) {
        this.#socket.end(errorResponse('08P01', 'unsupported frontend protocol'));
        return undefined;
      }
      this.#started = true;
      return message;
    }
  }

  async #run(message: Uint8Array): Promise<void> {
    if (this.#closed) return;
    if (message[0] === TERMINATE) {
      this.#socket.end();
      return;
    }
    clearTimeout(this.#holdTimer);
    this.#release ??= await this.#mutex.lock();
    // Gone while waiting its turn: the rest of its query will never come, and #abandon cleans up.
    if (this.#closed) return;
    this.#tracker.reset();
    await this.#pglite.runExclusive(() =>
      this.#pglite.execProtocolRawStream(message, {
        onRawData: (data) => {
          this.#tracker.feed(data);
          if (!this.#closed) this.#socket.write(data);
        },
      }),
    );
    if (this.#tracker.idle) {
      this.#letGo();
    } else if (!this.#closed) {
      this.#holdTimer = setTimeout(() => this.#socket.destroy(), this.#holdTimeoutMs);
    }
  }

  /** Ends what the client left in the shared session: an unfinished query, an open transaction. */
  async #abandon(): Promise<void> {
    if (!this.#release) return;
    try {
      await this.#pglite.runExclusive(async () => {
        const discard = { onRawData: () => undefined };
        await this.#pglite.execProtocolRawStream(SYNC_MESSAGE, discard);
        if (this.#pglite.isInTransaction()) await this.#pglite.execProtocolRawStream(ROLLBACK_MESSAGE, discard);
      });
    } finally {
      this.#letGo();
    }
  }

  #letGo(): void {
    clearTimeout(this.#holdTimer);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

/** Follows the backend's message framing to tell whether the last message was ReadyForQuery, idle. */
class ReadyForQueryTracker {
  #header = new Uint8Array(5);
  #headerLength = 0;
  #remaining = 0;
  #type = 0;
  idle = false;

  reset(): void {
    this.idle = false;
  }

  feed(chunk: Uint8Array): void {
    let index = 0;
    while (index < chunk.length) {
      if (this.#headerLength < 5) {
        this.#header[this.#headerLength++] = chunk[index++]!;
        if (this.#headerLength === 5) {
          this.#type = this.#header[0]!;
          this.#remaining = new DataView(this.#header.buffer).getInt32(1) - 4;
          this.idle = false;
          if (this.#remaining <= 0) this.#headerLength = 0;
        }
        continue;
      }
      const take = Math.min(this.#remaining, chunk.length - index);
      if (this.#type === READY_FOR_QUERY) this.idle = chunk[index] === STATUS_IDLE;
      index += take;
      this.#remaining -= take;
      if (this.#remaining === 0) this.#headerLength = 0;
    }
  }
}

function simpleQueryMessage(query: string): Uint8Array {
  const text = Buffer.from(`${query}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.writeUInt8(0x51, 0); // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/** A FATAL ErrorResponse, which clients report as a connection error with this SQLSTATE. */
function errorResponse(sqlState: string, text: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${text}\0\0`, 'utf8');
  const message = Buffer.alloc(5 + fields.length);
  message.write('E', 0);
  message.writeInt32BE(4 + fields.length, 1);
  fields.copy(message, 5);
  return message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
