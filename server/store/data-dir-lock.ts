/**
 * The data folder lock. PGlite writes its files directly and does not stop a second process from opening the
 * same folder, which corrupts it. `${root}/pglite.lock` names the owning process; the link() that creates it
 * is atomic, and a lock whose process is gone (crash, SIGKILL) is taken over.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from './once';
import { createPrivateDir } from './private-data-dir';

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
  await createPrivateDir(root);
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
  await writeFile(temporary, raw, { mode: 0o600 });
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
