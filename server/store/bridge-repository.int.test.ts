/**
 * The bridge repository's two guards of a payment made exactly once, each on its own: a payment is stored
 * only if none is, and due work is claimed only while nobody holds its lease. The solver relies on both, so
 * an end-to-end test still passes with either one gone; these fail when one is. PGlite in memory and, with
 * TEST_DATABASE_URL, a database of this file's own on that PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGET_EVERY_MS, UNUSED_QUOTE_RETENTION_MS, unusedQuoteCutoffs } from '@/server/bridge/bridge-solver';
import { createBridgeRepository, type BridgeRepository } from './bridge-repository';
import { openStore, type Store } from './database';

interface Backend {
  name: string;
  open(): Promise<Store>;
  cleanup?(): Promise<void>;
}

function postgresBackend(serverUrl: string): Backend {
  const database = `bridge_repository_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  return {
    name: 'PostgreSQL',
    async open() {
      await admin.connect();
      await admin.query(`create database ${database}`);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      return openStore({ databaseUrl: url.toString() });
    },
    async cleanup() {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

const backends: Backend[] = [{ name: 'PGlite in memory', open: () => openStore({ dataDir: 'memory://' }) }];
if (process.env.TEST_DATABASE_URL) backends.push(postgresBackend(process.env.TEST_DATABASE_URL));

const hex32 = () => `0x${randomBytes(32).toString('hex')}`;

/** A quote nobody has deposited to yet. */
async function waitingRequest(requests: BridgeRepository, expiresAt = new Date(Date.now() + 60_000), owner = 'test'): Promise<string> {
  const id = hex32();
  const trader = `0x${randomBytes(20).toString('hex')}`;
  await requests.insert({
    id,
    owner,
    sourceChain: 'BASE',
    destinationChain: 'ARB',
    trader,
    recipient: trader,
    amountIn: 10n ** 18n,
    amountOut: 99n * 10n ** 16n,
    minAmountOut: 99n * 10n ** 16n,
    feeAmount: 10n ** 15n,
    estimatedSeconds: 4,
    expiresAt,
  });
  return id;
}

/** A request whose deposit confirmed: pending, due now, the solver owes its fill. */
async function pendingRequest(requests: BridgeRepository): Promise<string> {
  const id = await waitingRequest(requests);
  const trader = (await requests.find(id))!.trader;
  const moved = await requests.recordDeposit(id, { txHash: hex32(), from: trader, amount: 10n ** 18n, confirmedAt: new Date() }, { state: 'pending' });
  expect(moved?.state).toBe('pending');
  return id;
}

describe.each(backends)('bridge repository on $name', (backend) => {
  let store: Store;
  let requests: BridgeRepository;

  beforeAll(async () => {
    store = await backend.open();
    requests = createBridgeRepository(store.db);
  });

  afterAll(async () => {
    await store?.close();
    await backend.cleanup?.();
  });

  it('stores one payment per request: a second storePayment returns false and leaves the first unchanged', async () => {
    const id = await pendingRequest(requests);
    const first = { txHash: hex32(), raw: '0x01f1' };
    const second = { txHash: hex32(), raw: '0x02f2' };
    expect(await requests.storePayment(id, first, 5n)).toBe(true);
    expect(await requests.storePayment(id, second, 7n)).toBe(false);
    expect(await requests.find(id)).toMatchObject({ paymentTxHash: first.txHash, paymentRawTx: first.raw, refundAmount: '5' });

    // Once the stored one is known never to land and is dropped, a new one may be stored.
    await requests.dropPayment(id, first.txHash);
    expect(await requests.storePayment(id, second, 7n)).toBe(true);
    expect(await requests.find(id)).toMatchObject({ paymentTxHash: second.txHash, paymentRawTx: second.raw, refundAmount: '7' });
  });

  it('claims a request once while its lease is live, and again once the lease has run out', async () => {
    // Other tests' requests are settled or held: start from none due.
    await sql`update bridge_requests set state = 'success' where state in ('pending', 'refunding')`.execute(store.db);
    const id = await pendingRequest(requests);
    const leaseMs = 1_500;
    const claimed = await requests.claimDue(leaseMs);
    expect(claimed).toMatchObject({ id, attempts: 1 });
    expect(await requests.claimDue(leaseMs)).toBeUndefined();
    // The refusal above came while the lease was live (a loaded machine could have been slower than it).
    const { live } = await sql<{ live: boolean }>`select claimed_until > now() as live from bridge_requests where id = ${id}`
      .execute(store.db)
      .then((result) => result.rows[0]!);
    expect(live).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, leaseMs + 200));
    expect(await requests.claimDue(leaseMs)).toMatchObject({ id, attempts: 2 });
  });

  it('notes one seen deposit on a waiting request, forgets it only by its hash, and records the final deposit in its place', async () => {
    const id = await waitingRequest(requests);
    const seen = { txHash: hex32(), confirmations: 1, required: 3, madeAt: new Date() };
    expect(await requests.noteSeenDeposit(id, seen, 60_000)).toMatchObject({
      state: 'waiting',
      seenDepositTxHash: seen.txHash,
      seenDepositConfirmations: 1,
      seenDepositRequired: 3,
    });
    // The same deposit read again moves on; another one is not noted over it.
    expect(await requests.noteSeenDeposit(id, { ...seen, confirmations: 2 }, 60_000)).toMatchObject({ seenDepositConfirmations: 2 });
    expect(await requests.noteSeenDeposit(id, { ...seen, txHash: hex32() }, 60_000)).toBeUndefined();
    expect(await requests.forgetSeenDeposit(id, hex32())).toBeUndefined();
    expect(await requests.forgetSeenDeposit(id, seen.txHash)).toMatchObject({
      state: 'waiting',
      seenDepositTxHash: null,
      seenDepositConfirmations: null,
      seenDepositAt: null,
    });

    await requests.noteSeenDeposit(id, seen, 0);
    const recorded = await requests.recordDeposit(
      id,
      { txHash: seen.txHash, from: hex32().slice(0, 42), amount: 10n ** 18n, confirmedAt: seen.madeAt },
      { state: 'pending' },
    );
    expect(recorded).toMatchObject({ state: 'pending', depositTxHash: seen.txHash, seenDepositTxHash: null, seenDepositRequired: null, attempts: 0 });
    // Past waiting, nothing is noted any more.
    expect(await requests.noteSeenDeposit(id, { ...seen, txHash: hex32() }, 0)).toBeUndefined();
  });

  it("hands a seen deposit to the solver once it is due to be read again, not before, and keeps it past the unused quotes' deletion", async () => {
    await sql`update bridge_requests set state = 'success' where state in ('pending', 'refunding') or seen_deposit_tx_hash is not null`.execute(store.db);
    const expired = new Date(Date.now() - 60_000);
    const id = await waitingRequest(requests, expired);
    await waitingRequest(requests, expired);
    await requests.noteSeenDeposit(id, { txHash: hex32(), confirmations: 1, required: 3, madeAt: new Date() }, 60_000);
    expect(await requests.claimDue(1_000)).toBeUndefined();
    await requests.noteSeenDeposit(id, { txHash: (await requests.find(id))!.seenDepositTxHash!, confirmations: 2, required: 3, madeAt: new Date() }, 0);
    expect(await requests.claimDue(1_000)).toMatchObject({ id, state: 'waiting' });
    // A quote nobody deposited to is deleted once expired long enough; one whose deposit is confirming is not.
    expect(await requests.forgetUnusedQuotes({ before: new Date(), keylessBefore: new Date() })).toBeGreaterThanOrEqual(1);
    expect(await requests.find(id)).toBeDefined();
  });

  it('deletes an unused quote asked for without an API key within an hour of its expiry; one with a key, or with a deposit, is kept', async () => {
    const expiry = Date.now() + 3_600_000;
    const keyless = await waitingRequest(requests, new Date(expiry), 'session:AAAAAAAAAAAAAAAAAAAAAA');
    const keyed = await waitingRequest(requests, new Date(expiry), 'key:k_1');
    const funded = await waitingRequest(requests, new Date(expiry), 'session:BBBBBBBBBBBBBBBBBBBBBB');
    await requests.noteSeenDeposit(funded, { txHash: hex32(), confirmations: 1, required: 3, madeAt: new Date(expiry) }, 60_000);
    // The solver's deletion rounds, on a clock of the test's own: the first one a little after the expiry.
    let deletedAt: number | undefined;
    for (let now = expiry + 7_000; now <= expiry + 2 * 3_600_000; now += FORGET_EVERY_MS) {
      await requests.forgetUnusedQuotes(unusedQuoteCutoffs(now));
      if (deletedAt === undefined && !(await requests.find(keyless))) deletedAt = now;
    }
    expect(deletedAt).toBeDefined();
    expect(deletedAt! - expiry).toBeLessThan(3_600_000);
    expect(await requests.find(keyed)).toBeDefined();
    expect(await requests.find(funded)).toBeDefined();
    // The keyed quote goes after its own, longer retention.
    await requests.forgetUnusedQuotes(unusedQuoteCutoffs(expiry + UNUSED_QUOTE_RETENTION_MS + 1));
    expect(await requests.find(keyed)).toBeUndefined();
    expect(await requests.find(funded)).toBeDefined();
  });

  it('counts the requests by phase, with the age of the oldest deposit still owed something', async () => {
    const before = new Map((await requests.census()).map((row) => [row.phase, row.count]));
    const confirming = await waitingRequest(requests);
    await requests.noteSeenDeposit(confirming, { txHash: hex32(), confirmations: 1, required: 6, madeAt: new Date(Date.now() - 90_000) }, 60_000);
    await waitingRequest(requests);
    await waitingRequest(requests, new Date(Date.now() - 1_000));
    const census = new Map((await requests.census()).map((row) => [row.phase, row]));
    expect(census.get('confirming')!.count).toBe((before.get('confirming') ?? 0) + 1);
    expect(census.get('confirming')!.oldestSeconds).toBeGreaterThanOrEqual(89);
    // An expired quote nobody deposited to is no open request.
    expect(census.get('waiting')!.count).toBe((before.get('waiting') ?? 0) + 1);
    expect(census.get('waiting')!.oldestSeconds).toBeNull();
    expect(census.get('success')?.oldestSeconds ?? null).toBeNull();
  });
});
