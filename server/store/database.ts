/**
 * The store: one schema and one set of migrations over either PostgreSQL (when DATABASE_URL is set) or an
 * embedded PGlite database (in memory, or in `${dataDir}/pglite`).
 *
 * Type parsing is the same on both engines: `bigint` columns (and `count(*)`) arrive as JS `bigint`,
 * `integer` as `number`, `timestamptz` as `Date`, `numeric` as `string`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Generated, type ColumnType } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { ConnectionMutex, PGliteDialect } from './pglite-dialect';

export interface ApiKeysTable {
  id: string;
  name: string;
  /** sha256 hex of the full key; the key itself is never stored. */
  key_hash: string;
  /** The first 12 characters of the key, shown in listings so people can tell keys apart. */
  key_prefix: string;
  rate_limit_per_minute: Generated<number>;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export interface RateLimitWindowsTable {
  bucket: string;
  /** Unix milliseconds of the window's start. */
  window_start: ColumnType<bigint, bigint | number, never>;
  count: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type TradeStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface TradesTable {
  id: string;
  owner: string;
  chain: string;
  api: string;
  side: string;
  wallet: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  quoted_amount_out: string;
  amount_out: string | null;
  spent: string | null;
  received: string | null;
  status: TradeStatus;
  parsed_error: string | null;
  tx_hash: string;
  explorer_url: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BackgroundTxsTable {
  id: string;
  chain: string;
  wallet: string;
  tx_hash: string;
  raw_tx: string;
  purpose: string;
  status: 'pending' | 'confirmed' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** See server/bridge/bridge-state.ts for how a request moves. */
export type BridgeState = 'waiting' | 'pending' | 'success' | 'refunding' | 'refund' | 'failure';

export interface BridgeRequestsTable {
  id: string;
  owner: string;
  source_chain: string;
  destination_chain: string;
  trader: string;
  recipient: string;
  amount_in: string;
  amount_out: string;
  min_amount_out: string;
  fee_amount: string;
  estimated_seconds: number;
  state: BridgeState;
  expires_at: Date;
  deposit_tx_hash: string | null;
  deposit_from: string | null;
  deposit_amount: string | null;
  deposited_at: Date | null;
  payment_tx_hash: string | null;
  payment_raw_tx: string | null;
  fill_tx_hash: string | null;
  paid_amount: string | null;
  filled_at: Date | null;
  refund_tx_hash: string | null;
  refund_amount: string | null;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BridgeScanCursorsTable {
  chain: string;
  cursor: string;
  updated_at: Generated<Date>;
}

export interface Database {
  bridge_requests: BridgeRequestsTable;
  bridge_scan_cursors: BridgeScanCursorsTable;
  trades: TradesTable;
  background_txs: BackgroundTxsTable;
  api_keys: ApiKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  app_settings: AppSettingsTable;
}

export interface StoreOptions {
  /** PostgreSQL connection string; when set, `dataDir` is ignored. */
  databaseUrl?: string;
  /** Folder for the embedded database (kept in `${dataDir}/pglite`); `memory://` or undefined: in memory. */
  dataDir?: string;
  /** How long to wait for another process to let go of the data folder before failing (default 15 s). */
  lockWaitMs?: number;
}

/** What `shared-pglite.ts` needs to serve an embedded database to other processes. */
export interface PGliteHandle {
  instance: PGlite;
  /** Held for every statement or transaction; anything else talking to `instance` must take it too. */
  mutex: ConnectionMutex;
  /** Absolute data folder, undefined for an in-memory database. */
  dataDir?: string;
}

export interface Store {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Present when this process owns an embedded PGlite database. */
  pglite?: PGliteHandle;
}

const DEFAULT_LOCK_WAIT_MS = 15_000;
const POSTGRES_POOL_MAX = 10;

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    return openPostgresStore(createPgPool({ connectionString: options.databaseUrl, max: POSTGRES_POOL_MAX }), 'postgres');
  }
  const dataDir = options.dataDir;
  if (dataDir === undefined || dataDir.startsWith('memory://')) return openPGliteStore(undefined, undefined);
  const root = path.resolve(dataDir);
  const lock = await lockDataDir(root, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  return openPGliteStore(root, lock);
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed}" ` : ''}failed: ${reason}`, { cause: error });
  }
}

/** Opens a Kysely store over a pg pool (a PostgreSQL server, or PGlite served over its socket). */
export async function openPostgresStore(pool: pg.Pool, engine: Store['engine']): Promise<Store> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, close: once(() => db.destroy()) };
}

/** A pg pool that parses like the PGlite store does; see the note at the top of this file. */
export function createPgPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, types: { getTypeParser: getPgTypeParser } });
  // An idle client whose server connection drops is discarded by the pool; the next query reconnects or
  // fails where a caller sees it. Without a listener the 'error' event would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

const INT8_OID = 20;

const getPgTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID && format !== 'binary'
    ? (value: string) => BigInt(value)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

// PGlite's default turns int8 into a number when it fits and a bigint otherwise; one type is easier to use.
const PGLITE_PARSERS = { [INT8_OID]: (value: string) => BigInt(value) };

/** Opens PGlite in `${root}/pglite` (or in memory without a root); `lock` is released when the store closes. */
export async function openPGliteStore(root: string | undefined, lock: DataDirLock | undefined): Promise<Store> {
  let instance: PGlite | undefined;
  try {
    instance = new PGlite(root ? path.join(root, 'pglite') : 'memory://', { parsers: PGLITE_PARSERS });
    await instance.waitReady;
    const pglite = instance;
    const mutex = new ConnectionMutex();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite, mutex }) });
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return {
      db,
      engine: 'pglite',
      pglite: { instance: pglite, mutex, dataDir: root },
      close: once(async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          await lock?.release();
        }
      }),
    };
  } catch (error) {
    if (instance && !instance.closed) await instance.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}

// ---------------------------------------------------------------------------------------------------------
// Data folder lock. PGlite writes its files directly and does not stop a second process from opening the
// same folder, which corrupts it. `${root}/pglite.lock` names the owning process; the link() that creates
// it is atomic, and a lock whose process is gone (crash, SIGKILL) is taken over.

const LOCK_FILE = 'pglite.lock';
const HELD_LOCKS = Symbol.for('swapbridge.store.heldDataDirLocks');

interface LockOwner {
  pid: number;
  /** Kernel start time of the process (Linux), so a reused pid is not mistaken for the owner. */
  startTime?: string;
}

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
  readonly code = 'DATA_DIR_BUSY';

  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(`The data folder ${dataDir} is in use by process ${ownerPid}.`);
  }
}

/**
 * Lock files this process holds, so that it recognises its own pid in them. On globalThis because a bundler
 * may load this module more than once in one process (Next.js bundles per route), and every copy must agree.
 */
const heldLocks: Set<string> = ((globalThis as { [HELD_LOCKS]?: Set<string> })[HELD_LOCKS] ??= new Set<string>());

/** Takes the lock on `root`, waiting up to `waitMs` for a live owner to let go; throws DataDirBusyError. */
export async function lockDataDir(root: string, waitMs: number): Promise<DataDirLock> {
  await mkdir(root, { recursive: true });
  const lockPath = path.join(root, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mine = await tryCreateLock(lockPath);
    if (mine !== undefined) {
      heldLocks.add(lockPath);
      return { release: once(() => releaseLock(lockPath, mine)) };
    }
    const current = await readLock(lockPath);
    if (current === undefined) continue; // released in between: try again
    if (current.raw === '') {
      // Only the non-atomic fallback in tryCreateLock leaves an empty file, for the moment of writing it.
      await sleep(20);
      continue;
    }
    if (!isOwnerAlive(lockPath, current.owner)) {
      await removeStaleLock(lockPath, current.raw);
      continue;
    }
    if (Date.now() >= deadline) throw new DataDirBusyError(root, current.owner.pid);
    await sleep(100);
  }
}

/** Creates the lock file holding our identity; returns its content, or undefined if it already exists. */
async function tryCreateLock(lockPath: string): Promise<string | undefined> {
  const owner: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
  const raw = JSON.stringify(owner);
  const temporary = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, raw);
  try {
    await link(temporary, lockPath);
    return raw;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return undefined;
    // Some mounted filesystems have no hard links; exclusive create is the next best thing.
    if (errorCode(error) !== 'EPERM' && errorCode(error) !== 'ENOTSUP') throw error;
    try {
      await writeFile(lockPath, raw, { flag: 'wx' });
      return raw;
    } catch (fallbackError) {
      if (errorCode(fallbackError) === 'EEXIST') return undefined;
      throw fallbackError;
    }
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function readLock(lockPath: string): Promise<{ raw: string; owner: LockOwner } | undefined> {
  let raw: string;
  try {
    raw = await readFile(lockPath, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number') return { raw, owner: { pid: parsed.pid, startTime: parsed.startTime } };
  } catch {
    // unreadable content: nobody can be identified as its owner, so it is stale
  }
  return { raw, owner: { pid: -1 } };
}

function isOwnerAlive(lockPath: string, owner: LockOwner): boolean {
  if (owner.pid <= 0) return false;
  // Our own pid in the file is either a lock we hold or one left by an earlier process with the same pid
  // (containers restart with the same pids).
  if (owner.pid === process.pid) return heldLocks.has(lockPath);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (errorCode(error) !== 'EPERM') return false;
  }
  const startTime = processStartTime(owner.pid);
  return !(owner.startTime && startTime && owner.startTime !== startTime);
}

/**
 * Removes a stale lock without removing a fresh one that another process created after we read the stale
 * one: move it aside first, then check that what we moved is what we judged stale.
 */
async function removeStaleLock(lockPath: string, staleRaw: string): Promise<void> {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => staleRaw);
  if (moved !== staleRaw) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

async function releaseLock(lockPath: string, mine: string): Promise<void> {
  heldLocks.delete(lockPath);
  const current = await readFile(lockPath, 'utf8').catch(() => undefined);
  if (current === mine) await unlink(lockPath).catch(() => undefined);
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. Linux only. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces; fields after it are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
