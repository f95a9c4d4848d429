/**
 * One repository suite, run against every engine the store supports: PGlite in memory, PGlite in a data
 * folder, and a real PostgreSQL server (TEST_DATABASE_URL; `node --import tsx scripts/with-postgres.ts --
 * npx vitest run --project int` provides one).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../auth/api-key-secret';
import { AmbiguousApiKeyError, createApiKeyRepository } from './api-key-repository';
import { DataDirBusyError, migrateToLatest, openStore, type Store } from './database';
import { migrationProvider } from './migrations';
import { createRateLimitRepository } from './rate-limit-repository';
import { createSettingsRepository } from './settings-repository';
import { createTradeRepository } from './trade-repository';
import { writeInTurn } from './write-in-turn';

interface Backend {
  name: string;
  open(): Promise<Store>;
  /** Opens the same database again the way a restarted app would; migrations must find nothing to do. */
  reopen(current: Store): Promise<Store>;
  cleanup?(): Promise<void>;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

function memoryBackend(): Backend {
  return {
    name: 'PGlite in memory',
    open: () => openStore({ dataDir: 'memory://' }),
    // Another open would be another empty database; run the migrations on this one again instead.
    async reopen(current) {
      await migrateToLatest(current.db);
      return current;
    },
  };
}

function folderBackend(): Backend {
  let dir: string | undefined;
  return {
    name: 'PGlite in a data folder',
    async open() {
      dir = await mkdtemp(path.join(tmpdir(), 'store-test-'));
      return openStore({ dataDir: dir });
    },
    async reopen(current) {
      await current.close();
      return openStore({ dataDir: dir! });
    },
    async cleanup() {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(url: string): Backend {
  return {
    name: 'PostgreSQL',
    async open() {
      const store = await openStore({ databaseUrl: url });
      // The server outlives one run when TEST_DATABASE_URL points at a long-lived one: start from nothing.
      await sql`drop schema public cascade`.execute(store.db);
      await sql`create schema public`.execute(store.db);
      await store.close();
      return openStore({ databaseUrl: url });
    },
    async reopen(current) {
      await current.close();
      return openStore({ databaseUrl: url });
    },
  };
}

const backends: Backend[] = [memoryBackend(), folderBackend()];
if (TEST_DATABASE_URL) backends.push(postgresBackend(TEST_DATABASE_URL));

if (!TEST_DATABASE_URL) {
  describe('PostgreSQL', () => {
    it('needs TEST_DATABASE_URL', () => {
      throw new Error(
        'TEST_DATABASE_URL is not set, so the store was not tested against PostgreSQL. Run ' +
          '`npm run test:int` (it starts a throwaway PostgreSQL server) or point TEST_DATABASE_URL at one.',
      );
    });
  });
}

describe.each(backends)('store on $name', (backend) => {
  let store: Store;

  beforeAll(async () => {
    store = await backend.open();
  });

  afterAll(async () => {
    await store?.close();
    await backend.cleanup?.();
  });

  beforeEach(async () => {
    await sql`truncate api_keys, rate_limit_windows, app_settings`.execute(store.db);
  });

  describe('migrations', () => {
    it('apply once and are idempotent when the database is opened again', async () => {
      await createApiKeyRepository(store.db).insert(newKeyInput('survivor'));
      store = await backend.reopen(store);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(store.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
      expect((await createApiKeyRepository(store.db).list()).map((key) => key.name)).toEqual(['survivor']);
    });

    it('parses bigint columns as bigint on every engine', async () => {
      await createRateLimitRepository(store.db).hit('b', 1_700_000_000_000);
      const row = await store.db.selectFrom('rate_limit_windows').select(['window_start', 'count']).executeTakeFirstOrThrow();
      expect(row.window_start).toBe(1_700_000_000_000n);
      expect(row.count).toBe(1);
      const { total } = await store.db
        .selectFrom('rate_limit_windows')
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      expect(total).toBe(1n);
    });
  });

  describe('api keys', () => {
    it('inserts a key and finds it by hash, without exposing the hash', async () => {
      const keys = createApiKeyRepository(store.db);
      const secret = generateApiKey();
      const before = Date.now();
      const inserted = await keys.insert({
        name: 'bot',
        keyHash: secret.keyHash,
        keyPrefix: secret.keyPrefix,
        rateLimitPerMinute: 120,
      });
      expect(inserted).toEqual({
        id: expect.stringMatching(/^key_/),
        name: 'bot',
        keyPrefix: secret.keyPrefix,
        rateLimitPerMinute: 120,
        scope: 'api',
        createdAt: expect.any(Date),
        revokedAt: null,
        lastUsedAt: null,
      });
      expect(Math.abs(inserted.createdAt.getTime() - before)).toBeLessThan(60_000);
      expect(JSON.stringify(inserted)).not.toContain(secret.keyHash);

      expect(await keys.findActiveByHash(secret.keyHash)).toEqual(inserted);
      expect(await keys.findActiveByHash(generateApiKey().keyHash)).toBeUndefined();
    });

    it('finds nothing for the stored key with its last character changed, nor for its stored hash so changed', async () => {
      const keys = createApiKeyRepository(store.db);
      const secret = generateApiKey();
      await keys.insert({ name: 'near miss', keyHash: secret.keyHash, keyPrefix: secret.keyPrefix, rateLimitPerMinute: 60 });
      const changeLast = (text: string, a: string, b: string) => text.slice(0, -1) + (text.endsWith(a) ? b : a);
      // Same display prefix and length as the stored key: only the whole key may match.
      const neighbour = changeLast(secret.key, 'A', 'B');
      expect(neighbour.slice(0, secret.keyPrefix.length)).toBe(secret.keyPrefix);
      expect(await keys.findActiveByHash(hashApiKey(neighbour))).toBeUndefined();
      expect(await keys.findActiveByHash(changeLast(secret.keyHash, '0', '1'))).toBeUndefined();
      expect((await keys.findActiveByHash(hashApiKey(secret.key)))?.name).toBe('near miss');
    });

    it('holds no key in clear: the row has its sha256 and the 12-character display prefix, nothing more of it', async () => {
      const keys = createApiKeyRepository(store.db);
      const secret = generateApiKey();
      await keys.insert({ name: 'at rest', keyHash: secret.keyHash, keyPrefix: secret.keyPrefix, rateLimitPerMinute: 60 });
      const rows = await sql<Record<string, unknown>>`select * from api_keys`.execute(store.db);
      const stored = JSON.stringify(rows.rows);
      expect(stored).not.toContain(secret.key);
      // No part of the key beyond its display prefix, in any encoding a careless column might use.
      const rest = secret.key.slice(secret.keyPrefix.length);
      for (const form of [rest, Buffer.from(secret.key).toString('hex'), Buffer.from(secret.key).toString('base64')]) {
        expect(stored).not.toContain(form);
      }
      const row = rows.rows.find((candidate) => candidate.name === 'at rest')!;
      expect(row.key_hash).toBe(createHash('sha256').update(secret.key).digest('hex'));
      expect(row.key_prefix).toBe(secret.key.slice(0, 12));
    });

    it('refuses a second key with the same hash', async () => {
      const keys = createApiKeyRepository(store.db);
      const input = newKeyInput('one');
      await keys.insert(input);
      await expect(keys.insert({ ...input, name: 'two' })).rejects.toThrow();
    });

    it('lists keys oldest first', async () => {
      const keys = createApiKeyRepository(store.db);
      const first = await keys.insert(newKeyInput('first'));
      // Two keys inserted back to back can share a timestamp (seen on the embedded database), and equally old
      // keys are listed by id; the second is made a moment later so that it is the younger one.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await keys.insert(newKeyInput('second'));
      const listed = await keys.list();
      expect(listed.map((key) => key.id)).toEqual([first.id, second.id]);
      expect(JSON.stringify(listed)).not.toMatch(/[0-9a-f]{64}/);
    });

    it('revokes by id or by prefix; a revoked key is no longer found and cannot be revoked again', async () => {
      const keys = createApiKeyRepository(store.db);
      const byId = newKeyInput('by id');
      const byPrefix = newKeyInput('by prefix');
      const kept = newKeyInput('kept');
      const idRecord = await keys.insert(byId);
      await keys.insert(byPrefix);
      await keys.insert(kept);

      const revoked = await keys.revoke(idRecord.id);
      expect(revoked?.id).toBe(idRecord.id);
      expect(revoked?.revokedAt).toBeInstanceOf(Date);
      expect((await keys.revoke(byPrefix.keyPrefix))?.name).toBe('by prefix');

      expect(await keys.findActiveByHash(byId.keyHash)).toBeUndefined();
      expect(await keys.findActiveByHash(byPrefix.keyHash)).toBeUndefined();
      expect((await keys.findActiveByHash(kept.keyHash))?.name).toBe('kept');
      expect(await keys.revoke(idRecord.id)).toBeUndefined();
      expect(await keys.revoke('sk_nothing')).toBeUndefined();

      const listed = await keys.list();
      expect(
        listed
          .filter((key) => key.revokedAt !== null)
          .map((key) => key.name)
          .sort(),
      ).toEqual(['by id', 'by prefix']);
    });

    it('refuses to revoke a prefix shared by two active keys', async () => {
      const keys = createApiKeyRepository(store.db);
      const one = newKeyInput('one');
      await keys.insert(one);
      await keys.insert({ ...newKeyInput('two'), keyPrefix: one.keyPrefix });
      await expect(keys.revoke(one.keyPrefix)).rejects.toBeInstanceOf(AmbiguousApiKeyError);
      expect((await keys.list()).every((key) => key.revokedAt === null)).toBe(true);
    });

    it("stores each key's scope: the interface only unless made an operator key, and no scope but the known ones", async () => {
      const keys = createApiKeyRepository(store.db);
      const plain = newKeyInput('plain');
      const operator = newKeyInput('scraper');
      await keys.insert(plain);
      await keys.insert({ ...operator, scope: 'operator' });
      expect((await keys.findActiveByHash(plain.keyHash))?.scope).toBe('api');
      expect((await keys.findActiveByHash(operator.keyHash))?.scope).toBe('operator');
      expect((await keys.list()).map((key) => [key.name, key.scope])).toEqual([
        ['plain', 'api'],
        ['scraper', 'operator'],
      ]);
      // The column refuses a scope nobody defined, whoever writes it.
      await expect(sql`update api_keys set scope = 'root' where name = 'plain'`.execute(store.db)).rejects.toThrow();
      expect((await keys.findActiveByHash(plain.keyHash))?.scope).toBe('api');
    });

    it('touch records the last use', async () => {
      const keys = createApiKeyRepository(store.db);
      const input = newKeyInput('used');
      const record = await keys.insert(input);
      await keys.touch(record.id);
      const found = await keys.findActiveByHash(input.keyHash);
      expect(found?.lastUsedAt).toBeInstanceOf(Date);
      expect(found!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(record.createdAt.getTime());
    });
  });

  describe('rate limit windows', () => {
    it('counts hits per bucket and window: 1, 2, 3', async () => {
      const limits = createRateLimitRepository(store.db);
      const window = 1_700_000_040_000;
      expect(await limits.hit('key_a', window)).toBe(1);
      expect(await limits.hit('key_a', window)).toBe(2);
      expect(await limits.hit('key_a', window)).toBe(3);
      expect(await limits.hit('key_b', window)).toBe(1);
      expect(await limits.hit('key_a', window + 60_000)).toBe(1);
    });

    it('gives 50 concurrent hits 50 distinct counts', async () => {
      const limits = createRateLimitRepository(store.db);
      const counts = await Promise.all(Array.from({ length: 50 }, () => limits.hit('busy', 1_700_000_100_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    });

    it('prunes windows that started before the cutoff', async () => {
      const limits = createRateLimitRepository(store.db);
      await limits.hit('k', 1_000);
      await limits.hit('k', 2_000);
      await limits.hit('other', 1_500);
      await limits.hit('k', 3_000);
      await limits.prune(2_000);
      const left = await store.db.selectFrom('rate_limit_windows').select(['bucket', 'window_start']).orderBy('window_start').execute();
      expect(left).toEqual([
        { bucket: 'k', window_start: 2_000n },
        { bucket: 'k', window_start: 3_000n },
      ]);
      expect(await limits.hit('k', 1_000)).toBe(1);
    });
  });

  describe('settings', () => {
    it('creates a value once and returns it afterwards', async () => {
      const settings = createSettingsRepository(store.db);
      let calls = 0;
      const create = () => `value-${++calls}`;
      expect(await settings.getOrCreate('app_secret', create)).toBe('value-1');
      expect(await settings.getOrCreate('app_secret', create)).toBe('value-1');
      expect(calls).toBe(1);
    });

    it('returns one value to every concurrent caller', async () => {
      const settings = createSettingsRepository(store.db);
      const values = await Promise.all(Array.from({ length: 20 }, (_, index) => settings.getOrCreate('raced', () => `candidate-${index}`)));
      expect(new Set(values).size).toBe(1);
      expect(values[0]).toMatch(/^candidate-\d+$/);
    });
  });

  describe('trade history', () => {
    it("lists one owner's trades, or a wallet's trades under every owner of one kind", async () => {
      const trades = createTradeRepository(store.db);
      const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
      const trade = (owner: string, n: number) =>
        trades.insertPending({
          owner,
          chain: 'BASE',
          channel: 'v2',
          side: 'SELL',
          wallet,
          tokenIn: '0x1',
          tokenOut: '0x0',
          amountIn: '1',
          quotedAmountOut: '1',
          txHash: `0x${n.toString(16).padStart(64, '0')}`,
          explorerUrl: '',
        });
      for (const [n, owner] of ['session:a', 'session:b', 'key:k'].entries()) await trade(owner, n + 1);
      const owners = async (owner: string | { prefix: string }) => (await trades.history({ owner, wallet, limit: 10 })).map((row) => row.owner).sort();
      expect(await owners('session:a')).toEqual(['session:a']);
      expect(await owners({ prefix: 'session:' })).toEqual(['session:a', 'session:b']);
    });
  });

  describe('writes in turn', () => {
    const write = (value: string) => (db: Store['db']) =>
      db
        .insertInto('app_settings')
        .values({ key: `turn-${value}`, value })
        .execute();
    const read = async (value: string) =>
      (await store.db.selectFrom('app_settings').select('value').where('key', '=', `turn-${value}`).executeTakeFirst())?.value;

    it('are seen by every statement issued once the turn is taken', async () => {
      for (let i = 0; i < 20; i++) {
        const { turnTaken, written } = writeInTurn(store.db, store.writeOrder, write(String(i)));
        await turnTaken;
        // Issued before the write has run (embedded PGlite) or after it ended (PostgreSQL): it reads the row either way.
        expect(await read(String(i))).toBe(String(i));
        await written;
      }
    });

    it('end after the caller goes on, on the embedded session only', async () => {
      const { turnTaken, written } = writeInTurn(store.db, store.writeOrder, write('later'));
      let ended = false;
      void written.then(() => {
        ended = true;
      });
      await turnTaken;
      expect(ended).toBe(store.writeOrder === 'awaited');
      expect(store.writeOrder).toBe(store.engine === 'pglite' ? 'session' : 'awaited');
      await written;
      expect(ended).toBe(true);
    });

    it('fail the write, not the turn, when the statement fails', async () => {
      const { turnTaken, written } = writeInTurn(store.db, store.writeOrder, (db) => sql`select 1 / 0`.execute(db));
      if (store.writeOrder === 'session') await turnTaken;
      await expect(written).rejects.toThrow();
      // The session is free again.
      expect(await read('none')).toBeUndefined();
    });
  });

  describe('transactions', () => {
    it('roll back when the callback throws', async () => {
      await expect(
        store.db.transaction().execute(async (trx) => {
          await trx.insertInto('app_settings').values({ key: 'k', value: 'v' }).execute();
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await store.db.selectFrom('app_settings').selectAll().execute()).toEqual([]);
    });

    it('do not commit after a failed statement the callback caught', async () => {
      await expect(
        store.db.transaction().execute(async (trx) => {
          await trx.insertInto('app_settings').values({ key: 'k', value: 'v' }).execute();
          await sql`select 1 / 0`.execute(trx).catch(() => undefined);
        }),
      ).rejects.toThrow();
      expect(await store.db.selectFrom('app_settings').selectAll().execute()).toEqual([]);
    });

    it('keep concurrent read-modify-write transactions apart', async () => {
      // PGlite runs one transaction at a time; PostgreSQL needs the row lock taken by FOR UPDATE.
      await store.db.insertInto('app_settings').values({ key: 'counter', value: '0' }).execute();
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store.db.transaction().execute(async (trx) => {
            const { value } = await trx.selectFrom('app_settings').select('value').where('key', '=', 'counter').forUpdate().executeTakeFirstOrThrow();
            await new Promise((resolve) => setTimeout(resolve, 1));
            await trx
              .updateTable('app_settings')
              .set({ value: String(Number(value) + 1) })
              .where('key', '=', 'counter')
              .execute();
          }),
        ),
      );
      const { value } = await store.db.selectFrom('app_settings').select('value').where('key', '=', 'counter').executeTakeFirstOrThrow();
      expect(value).toBe('20');
    });
  });
});

function newKeyInput(name: string) {
  const { keyHash, keyPrefix } = generateApiKey();
  return { name, keyHash, keyPrefix, rateLimitPerMinute: 600 };
}

describe('data folder lock', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-lock-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a second store off a folder that is open, and lets it in once closed', async () => {
    const first = await openStore({ dataDir: dir });
    let second: Store | undefined;
    try {
      const error = await openStore({ dataDir: dir, lockWaitMs: 300 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DataDirBusyError);
      expect(error).toMatchObject({ ownerPid: process.pid });
      const waiting = openStore({ dataDir: dir, lockWaitMs: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.close();
      second = await waiting;
      expect(second.engine).toBe('pglite');
    } finally {
      await first.close();
      await second?.close();
    }
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a lock whose process is gone', async () => {
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid!));
    });
    await writeFile(path.join(dir, 'pglite.lock'), JSON.stringify({ pid: deadPid, startTime: '1' }));
    const store = await openStore({ dataDir: dir, lockWaitMs: 0 });
    await store.close();
  });
});
