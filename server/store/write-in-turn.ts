/**
 * A write whose caller may answer before it finishes, where the store can promise that nothing issued later
 * sees the state before it.
 *
 * Embedded PGlite is one PostgreSQL session that every statement takes in turn: this process's own, and those
 * of the tools that reach it over its socket, behind one FIFO mutex. Once a write holds its turn, every
 * statement issued afterwards runs after it, so a read anywhere that starts after the answer sees what the
 * write stored. The write then runs on the next turn of the event loop, once the answer is on its way: the
 * caller no longer waits for the few milliseconds PGlite spends on it.
 *
 * PostgreSQL promises no such order (a pool of sessions, other instances on the same data): there the write
 * is awaited, as any other.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** `session`: one session taken in turn (embedded PGlite, owned by this process); `awaited`: anything else. */
export type WriteOrder = 'session' | 'awaited';

export interface WriteInTurn {
  /** Settles when the write's effect is, or will be, seen by every statement issued from now on. */
  turnTaken: Promise<void>;
  /** The write itself; in `session` order it ends after `turnTaken`, and its failure is the caller's to report. */
  written: Promise<void>;
}

export function writeInTurn(db: Kysely<Database>, order: WriteOrder, write: (db: Kysely<Database>) => Promise<unknown>): WriteInTurn {
  if (order === 'awaited') {
    const written = write(db).then(() => undefined);
    return { turnTaken: written, written };
  }
  let taken!: () => void;
  let failed!: (error: unknown) => void;
  const turnTaken = new Promise<void>((resolve, reject) => {
    taken = resolve;
    failed = reject;
  });
  const written = db.connection().execute(async (session) => {
    taken();
    await new Promise((resolve) => setImmediate(resolve));
    await write(session);
  });
  // A session that could not be taken at all fails the turn too (a no-op once the turn was taken).
  written.catch(failed);
  return { turnTaken, written };
}
