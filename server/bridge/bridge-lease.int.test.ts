/**
 * The solver's leases: the request of an instance that died is taken over within one lease (10 s), not the
 * minute a lease used to last; a live instance's long fill renews its lease, so nobody takes it meanwhile;
 * either way the recipient is paid once. Deposits are recorded directly (no solver of the test's own
 * services runs), on chains no other case of the suite bridges between (PLASMA to HYPE).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, http, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createServices, type Services } from '@/server/services';
import { createBridgeSolver, LEASE_MS } from './bridge-solver';
import { stallAtSigning } from './test-support/stall-at-signing';

const SOURCE = 'PLASMA';
const DESTINATION = 'HYPE';
const noKick = () => undefined;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-lease-'));
  services = await createServices(loadConfig({ ...process.env, DATA_DIR: dataDir }));
});
afterAll(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const destinationClient = () => createPublicClient({ transport: http(testManifest().chains[DESTINATION]!.rpcUrl) });

/** A quoted, deposited and recorded request (state pending), waiting for its fill. */
async function depositedRequest(): Promise<{ requestId: string; recipient: Address; amountOut: bigint }> {
  const trader = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds({ manifest: testManifest() }, { chain: SOURCE, address: trader.address });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const quoted = await bridgeQuoteAnswer(services.bridge, 'test', {
    source: SOURCE,
    destination: DESTINATION,
    amount: '1000000000000000000',
    trader: trader.address,
    recipient,
  });
  const requestId = quoted.transaction.requestId;
  const source = services.bridge.chains[SOURCE]!;
  const signed = await trader.signTransaction(parseTransaction(quoted.transaction.trade as Hex) as TransactionSerializableEIP1559);
  await source.broadcast(signed);
  const { txHash } = await source.checkSignedDeposit(signed, { trader: trader.address, amount: 10n ** 18n, requestId });
  const found = (await source.waitForDeposit(txHash, 10_000)).deposit!;
  const recorded = await services.bridge.requests.recordDeposit(
    requestId,
    {
      txHash: found.txHash,
      from: found.from,
      amount: found.amount,
      confirmedAt: new Date(found.confirmedAtMs),
    },
    { state: 'pending' },
  );
  expect(recorded?.state).toBe('pending');
  return { requestId, recipient, amountOut: BigInt(quoted.stats.amountOut) };
}

describe('solver leases', () => {
  it('a request held by an instance that died is filled by another within one lease, once', async () => {
    const { requestId, recipient, amountOut } = await depositedRequest();
    // The dead instance claimed it as the solver does and then stopped (no renewal, no fill).
    expect(await services.bridge.requests.claim(requestId, LEASE_MS)).toBeDefined();
    const claimedAt = Date.now();
    const survivor = createBridgeSolver({ ...services.bridge, kickSolver: noKick });
    while ((await services.bridge.requests.find(requestId))?.state !== 'success') {
      expect(Date.now() - claimedAt, 'taken over within one lease and a round').toBeLessThan(LEASE_MS + 3_000);
      await survivor.drain();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(await destinationClient().getBalance({ address: recipient })).toBe(amountOut);
  }, 30_000);

  it('a fill that outlasts several leases keeps its request: the heartbeat renews it and no other instance takes it', async () => {
    const { requestId, recipient, amountOut } = await depositedRequest();
    const destination = services.bridge.chains[DESTINATION]!;
    const { chain: slow, signing, letGo } = stallAtSigning(destination);
    const lease = { leaseMs: 600, heartbeatMs: 150 };
    const working = createBridgeSolver({ ...services.bridge, chains: { ...services.bridge.chains, [DESTINATION]: slow }, kickSolver: noKick }, lease);
    const other = createBridgeSolver({ ...services.bridge, kickSolver: noKick }, lease);
    const solverNonce = await destinationClient().getTransactionCount({ address: destination.solver as Address });

    const work = working.workOn(requestId);
    await signing;
    // Five leases long, another instance keeps looking: it never gets the request.
    const until = Date.now() + lease.leaseMs * 5;
    while (Date.now() < until) {
      await other.drain();
      expect((await services.bridge.requests.find(requestId))?.state).toBe('pending');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    letGo();
    await work;
    const row = await services.bridge.requests.find(requestId);
    expect(row).toMatchObject({ state: 'success', attempts: 1 });
    expect(await destinationClient().getBalance({ address: recipient })).toBe(amountOut);
    expect(await destinationClient().getTransactionCount({ address: destination.solver as Address })).toBe(solverNonce + 1);
  }, 30_000);
});
