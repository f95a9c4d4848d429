/**
 * A Kysely dialect over one embedded PGlite instance.
 *
 * PGlite is a single PostgreSQL session. The driver hands out its one connection under a mutex, so a Kysely
 * transaction owns the session from BEGIN to COMMIT and no other statement can land inside it. The mutex is
 * passed in rather than created here because the socket server in `shared-pglite.ts` takes the same mutex
 * for the statements of other processes.
 *
 * Consequence: inside `db.transaction().execute(fn)` use the transaction object; a query through `db`
 * waits for the transaction to end and so never completes.
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A FIFO async mutex. `lock()` resolves with a release function once every earlier holder released. */
export class ConnectionMutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    const previous = this.#tail;
    let unlock!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      unlock();
    };
    return previous.then(() => release);
  }
}

export interface PGliteDialectConfig {
  pglite: PGlite;
  mutex: ConnectionMutex;
}

export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    // Single connection: Kysely serializes connection use, and migrations need no advisory lock because the
    // migrator holds the one connection for the whole run.
    return new SingleSessionAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface declares it so: the introspector serves any schema
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** PostgreSQL's adapter without the migration lock: the one session is the lock. */
class SingleSessionAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;
  #destroyed = false;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
    this.#connection = new PGliteConnection(config.pglite);
  }

  async init(): Promise<void> {
    await this.#config.pglite.waitReady;
  }

  // Kysely's runtime driver handles abort signals here: a connection that arrives after an abort is released.
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#config.mutex.lock();
    if (this.#destroyed) {
      release();
      throw new Error('The PGlite store has been closed.');
    }
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await connection.executeQuery<{ command?: string }>(CompiledQuery.raw('commit'));
    // PostgreSQL answers COMMIT of a transaction an earlier failed statement aborted with a ROLLBACK tag;
    // surface that as Kysely's PostgreSQL driver does, so both engines fail the same way.
    if (rows[0]?.command === 'ROLLBACK') throw new AbortedTransactionError();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    // Wait for the statement or transaction in flight; the PGlite instance belongs to the store, which closes it.
    const release = await this.#config.mutex.lock();
    this.#destroyed = true;
    release();
  }
}

const ROW_COUNTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result: Results<R> = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: 'object',
    });
    const command = result.command?.toUpperCase();
    if (command === 'COMMIT' || command === 'ROLLBACK') {
      return { rows: [{ command } as R] };
    }
    return {
      numAffectedRows: command && ROW_COUNTING_COMMANDS.has(command) ? BigInt(result.affectedRows ?? 0) : undefined,
      rows: result.rows,
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over this API; results are in memory already, so hand them out in chunks.
    const { rows } = await this.executeQuery<R>(compiledQuery);
    const size = Math.max(1, chunkSize);
    for (let start = 0; start < rows.length; start += size) {
      yield { rows: rows.slice(start, start + size) };
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
