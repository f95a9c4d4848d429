/**
 * An embedded (PGlite) store shared between processes: the app holds the data folder and serves it on a
 * unix socket; the key CLI, a second process, works through that socket, and on its own once the app is
 * gone (even after a crash that left the socket file behind).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../auth/api-key-secret';
import { createApiKeyRepository } from './api-key-repository';
import { openStore, type Store } from './database';
import { createSettingsRepository } from './settings-repository';
import { openStoreForTool, pgliteSocketDir, pgliteSocketPath, serveStoreOverSocket } from './shared-pglite';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(path.join(REPO, file)).href);

/** The app's side: opens the store on DATA_DIR, serves it, and answers JSON requests on stdin. */
const APP_SOURCE = `
import { createInterface } from 'node:readline';
import { openStore } from ${moduleUrl('server/store/database.ts')};
import { serveStoreOverSocket } from ${moduleUrl('server/store/shared-pglite.ts')};
import { createApiKeyRepository } from ${moduleUrl('server/store/api-key-repository.ts')};

const dataDir = process.env.DATA_DIR;
const store = await openStore({ dataDir });
const shared = await serveStoreOverSocket(store, dataDir);
const keys = createApiKeyRepository(store.db);
const reply = (value) => process.stdout.write(JSON.stringify(value ?? null) + '\\n');
reply({ ready: true, pid: process.pid });
for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (request.op === 'find') reply(await keys.findActiveByHash(request.keyHash));
  if (request.op === 'close') {
    await shared.close();
    await store.close();
    reply({ closed: true });
    process.exit(0);
  }
}
`;

class AppProcess {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: AsyncIterator<string>;
  stderr = '';

  constructor(dataDir: string) {
    this.#child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', APP_SOURCE], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    this.#child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.#lines = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]();
  }

  async next(): Promise<unknown> {
    const { value, done } = await this.#lines.next();
    if (done) throw new Error(`The app process exited early:\n${this.stderr}`);
    return JSON.parse(value) as unknown;
  }

  async request(body: object): Promise<unknown> {
    this.#child.stdin.write(`${JSON.stringify(body)}\n`);
    return this.next();
  }

  kill(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.#child.once('exit', () => resolve());
      this.#child.kill('SIGKILL');
    });
  }
}

async function startApp(dataDir: string): Promise<AppProcess> {
  const app = new AppProcess(dataDir);
  expect(await app.next()).toMatchObject({ ready: true });
  return app;
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(dataDir: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/keys.ts', ...args], { cwd: REPO, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('the key CLI next to a running app', () => {
  let dataDir: string;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shared-pglite-'));
  });

  afterAll(async () => {
    await app?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Several CLI runs (each a cold tsx start) and an app start: over a minute on a loaded 2-core machine.
  it('creates, lists and revokes keys through the app, then works alone after the app crashed', async () => {
    app = await startApp(dataDir);
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(true);

    const created = await runCli(dataDir, ['create', '--name', 't']);
    expect(created.code, created.stderr).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);

    const seen = (await app.request({ op: 'find', keyHash: hashApiKey(key) })) as { id: string; keyPrefix: string };
    expect(seen).toMatchObject({ name: 't', keyPrefix: key.slice(0, 12), revokedAt: null });

    const listed = await runCli(dataDir, ['list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(seen.id);
    expect(listed.stdout).toContain(key.slice(0, 12));
    expect(listed.stdout).not.toContain(hashApiKey(key));
    expect(listed.stdout).not.toContain(key);

    const revoked = await runCli(dataDir, ['revoke', key.slice(0, 12)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(seen.id);
    expect(await app.request({ op: 'find', keyHash: hashApiKey(key) })).toBeNull();

    const again = await runCli(dataDir, ['revoke', seen.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No active key');

    // A crash leaves the socket file and the folder lock behind.
    await app.kill();
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(true);

    const afterCrash = await runCli(dataDir, ['create', '--name', 'after crash']);
    expect(afterCrash.code, afterCrash.stderr).toBe(0);
    const secondKey = lastLine(afterCrash.stdout);
    expect(secondKey).toMatch(/^sk_/);
    const listedAlone = await runCli(dataDir, ['list']);
    expect(listedAlone.code, listedAlone.stderr).toBe(0);
    expect(listedAlone.stdout).toContain('after crash');
    expect(listedAlone.stdout).toMatch(new RegExp(`${seen.id}.*\\d{2}:\\d{2}:\\d{2}Z\\s+\\d{4}-`));

    // The app starts again and serves the folder to the CLI.
    app = await startApp(dataDir);
    expect(await app.request({ op: 'find', keyHash: hashApiKey(secondKey) })).toMatchObject({ name: 'after crash' });
    const listedServed = await runCli(dataDir, ['list']);
    expect(listedServed.code, listedServed.stderr).toBe(0);
    expect(listedServed.stdout).toContain('after crash');

    // Another crash; this time the app itself is the next to open the folder, over the stale socket file.
    await app.kill();
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(true);
    app = await startApp(dataDir);
    const listedAfterRestart = await runCli(dataDir, ['list']);
    expect(listedAfterRestart.code, listedAfterRestart.stderr).toBe(0);
    expect(listedAfterRestart.stdout).toContain('after crash');

    expect(await app.request({ op: 'close' })).toEqual({ closed: true });
    expect(existsSync(pgliteSocketPath(dataDir))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);

  it('answers bad usage with exit code 2', async () => {
    const result = await runCli(dataDir, ['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
    expect((await runCli(dataDir, ['create'])).code).toBe(2);
    expect((await runCli(dataDir, ['create', '--name', 'x', '--rate-limit', 'lots'])).code).toBe(2);
  });
});

describe('a socket client and the app in one session', () => {
  let dataDir: string;
  let store: Store;
  let shared: { close(): Promise<void> };
  const clients: pg.Client[] = [];

  const connect = async () => {
    const client = new pg.Client({ host: pgliteSocketDir(dataDir), port: 5432, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shared-pglite-gate-'));
    store = await openStore({ dataDir });
    shared = await serveStoreOverSocket(store, dataDir);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await store.db.deleteFrom('app_settings').execute();
  });

  afterAll(async () => {
    await shared?.close();
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps the app's statements out of a client's open transaction", async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into app_settings (key, value) values ('from_client', 'x')`);
    let appDone = false;
    const appRead = store.db
      .selectFrom('app_settings')
      .select('key')
      .execute()
      .then((rows) => {
        appDone = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(appDone).toBe(false);
    await client.query('rollback');
    expect(await appRead).toEqual([]);
  });

  it("keeps a client's statements out of the app's open transaction", async () => {
    const client = await connect();
    const appTransaction = store.db.transaction().execute(async (trx) => {
      await trx.insertInto('app_settings').values({ key: 'from_app', value: 'x' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
      throw new Error('roll back');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const clientInsert = client.query(`insert into app_settings (key, value) values ('from_client', 'y')`);
    await expect(appTransaction).rejects.toThrow('roll back');
    await clientInsert;
    const keys = await store.db.selectFrom('app_settings').select('key').execute();
    expect(keys).toEqual([{ key: 'from_client' }]);
  });

  it('rolls back the transaction of a client that disconnects in the middle of it', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into app_settings (key, value) values ('orphan', 'x')`);
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const settings = createSettingsRepository(store.db);
    expect(await settings.getOrCreate('after', () => 'ok')).toBe('ok');
    expect(await store.db.selectFrom('app_settings').select('key').execute()).toEqual([{ key: 'after' }]);
  });

  it('recovers the session from a client that vanished between the messages of one query', async () => {
    // Raw protocol, because pg never leaves a query half sent: startup, then a lone Parse while the app
    // is inside a transaction, then the connection drops before Bind/Execute/Sync could follow.
    const socket = createConnection(pgliteSocketPath(dataDir));
    await new Promise((resolve) => socket.once('connect', resolve));
    const ready = new Promise((resolve) => socket.on('data', (data: Buffer) => data.includes('Z') && resolve(true)));
    socket.write(startupMessage());
    await ready;

    const appTransaction = store.db.transaction().execute(async (trx) => {
      await trx.insertInto('app_settings').values({ key: 'busy', value: 'x' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(parseMessage('select 1'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await appTransaction;

    const started = Date.now();
    const rows = await store.db.selectFrom('app_settings').select('key').execute();
    expect(rows).toEqual([{ key: 'busy' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('disconnects a client that holds the session idle past the hold timeout', async () => {
    await shared.close();
    shared = await serveStoreOverSocket(store, dataDir, { holdTimeoutMs: 300 });
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into app_settings (key, value) values ('abandoned', 'x')`);
    const started = Date.now();
    expect(await store.db.selectFrom('app_settings').select('key').execute()).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect(client.query('commit')).rejects.toThrow();
  });

  it('serves several clients and the app at once', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    const keys = createApiKeyRepository(store.db);
    // One query at a time per client (pg's rule), with the clients and the app all running at once.
    const clientInserts = async (client: pg.Client, name: string) => {
      for (let index = 0; index < 10; index++) {
        await client.query('insert into app_settings (key, value) values ($1, $2)', [`${name}-${index}`, 'x']);
      }
    };
    await Promise.all([
      clientInserts(first, 'first'),
      clientInserts(second, 'second'),
      ...Array.from({ length: 10 }, (_, index) =>
        store.db
          .insertInto('app_settings')
          .values({ key: `app-${index}`, value: 'x' })
          .execute(),
      ),
      keys.list(),
    ]);
    const { count } = await store.db
      .selectFrom('app_settings')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(30n);
  });

  it('lets a tool open the served folder through the socket', async () => {
    const toolStore = await openStoreForTool({ dataDir });
    try {
      expect(toolStore.pglite).toBeUndefined();
      await createSettingsRepository(toolStore.db).getOrCreate('tool', () => 'was here');
    } finally {
      await toolStore.close();
    }
    expect(await createSettingsRepository(store.db).getOrCreate('tool', () => 'not this')).toBe('was here');
  });
});

function startupMessage(): Buffer {
  const body = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const message = Buffer.alloc(8 + body.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(196608, 4); // protocol 3.0
  body.copy(message, 8);
  return message;
}

function parseMessage(query: string): Buffer {
  const body = Buffer.concat([Buffer.from(`\0${query}\0`), Buffer.from([0, 0])]);
  const message = Buffer.alloc(5 + body.length);
  message.write('P', 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
