/**
 * Deposits wait for their source chain's confirmation depth. This file's own services set ARB to 3
 * confirmations (BRIDGE_CONFIRMATIONS_ARB; the local world's default is 1, mined) and drive its blocks by
 * hand: a deposit is not filled before its third block and is filled exactly once at it, by the scan and by
 * execute; a deposit a reorganisation (anvil_reorg) removes before its depth is never filled, and its request
 * waits for a deposit again. ARB makes a block every 250 ms in the chain table, so its deposits below the depth
 * are read again within a second. Its reorganisations remove only this file's blocks; ETH, which no other
 * case bridges to, is paid.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, http, numberToHex, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { bridgeExecuteAnswer, bridgeQuoteAnswer, bridgeStatusAnswer } from '@/server/api/handlers/bridge';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createServices, type Services } from '@/server/services';
import { estimatedSeconds } from './bridge-quote';
import { receiptOf } from '@/devnet/evm/receipt';

const SOURCE = 'ARB';
const DESTINATION = 'ETH';
const DEPTH = 3;
const AMOUNT = 10n ** 17n;

let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-depth-'));
  services = await createServices(loadConfig({ ...process.env, DATA_DIR: dataDir, [`BRIDGE_CONFIRMATIONS_${SOURCE}`]: String(DEPTH) }));
});
afterAll(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const clientFor = (chain: typeof SOURCE | typeof DESTINATION) => createPublicClient({ transport: http(testManifest().chains[chain]!.rpcUrl) });
const source = () => clientFor(SOURCE);
const paid = (recipient: Address) => clientFor(DESTINATION).getBalance({ address: recipient });
const mine = (blocks: number) => source().request({ method: 'anvil_mine', params: [numberToHex(blocks)] } as never);
/** Takes the newest `depth` blocks out of the chain and mines as many empty ones in their place. */
const reorganise = (depth: number) => source().request({ method: 'anvil_reorg', params: [depth, []] } as never);
const status = (requestId: string) => bridgeStatusAnswer(services.bridge, requestId);

interface Deposit {
  requestId: string;
  recipient: Address;
  amountOut: bigint;
  signed: Hex;
  txHash: Hex;
}

/** A funded trader's quote and signed deposit, not sent yet. */
async function signedDeposit(): Promise<Deposit> {
  const trader: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds({ manifest: testManifest() }, { chain: SOURCE, address: trader.address });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const quoted = await bridgeQuoteAnswer(services.bridge, 'test', {
    source: SOURCE,
    destination: DESTINATION,
    amount: AMOUNT.toString(),
    trader: trader.address,
    recipient,
  });
  const signed = await trader.signTransaction(parseTransaction(quoted.transaction.trade as Hex) as TransactionSerializableEIP1559);
  const { txHash } = await services.bridge.chains[SOURCE]!.checkSignedDeposit(signed, {
    trader: trader.address,
    amount: AMOUNT,
    requestId: quoted.transaction.requestId,
  });
  return { requestId: quoted.transaction.requestId, recipient, amountOut: BigInt(quoted.stats.amountOut), signed, txHash: txHash as Hex };
}

/** Sent as a wallet sends it (no execute): the solver's scan finds it. Resolves once it is mined. */
async function sentFromWallet(deposit: Deposit): Promise<bigint> {
  await services.bridge.chains[SOURCE]!.broadcast(deposit.signed);
  return (await receiptOf(source(), deposit.txHash)).blockNumber;
}

/** Runs solver rounds until `done` holds for the request's status, or fails naming where it stands. */
async function solveUntil(requestId: string, done: (answer: Awaited<ReturnType<typeof status>>) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await services.solver.drain();
    const answer = await status(requestId);
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`request ${requestId} is still ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const metricsText = () => services.metrics.registry.metrics();

describe("a deposit below its source chain's depth", () => {
  it("is quoted with the depth's blocks in its estimate", async () => {
    // Quoted only (nothing deposited), towards a chain of short blocks, where the source's blocks show.
    const quoted = await bridgeQuoteAnswer(services.bridge, 'test', {
      source: SOURCE,
      destination: 'BSC',
      amount: AMOUNT.toString(),
      trader: privateKeyToAccount(generatePrivateKey()).address,
    });
    expect(quoted.stats.estimatedTime).toBe(estimatedSeconds(SOURCE, 'BSC', DEPTH));
    expect(quoted.stats.estimatedTime).toBeGreaterThan(estimatedSeconds(SOURCE, 'BSC', 1));
  });

  it('found by the scan reads pending with its confirmations, is not filled before its depth, and is filled once at it', async () => {
    const deposit = await signedDeposit();
    const minedIn = await sentFromWallet(deposit);
    const seen = await solveUntil(deposit.requestId, (answer) => answer.status === 'pending');
    expect(seen).toMatchObject({ step: 3, inTxHashes: [deposit.txHash.toLowerCase()], txHashes: null });
    expect(seen.details).toMatchObject({ state: 'pending', depositTxHash: deposit.txHash.toLowerCase(), confirmations: { seen: 1, required: DEPTH } });
    // The scan's stored cursor stays before the deposit's block until it is final: a restart reads it again.
    expect(BigInt((await services.bridge.requests.cursor(SOURCE))!)).toBeLessThan(minedIn);
    expect(await metricsText()).toMatch(/bridge_requests\{state="confirming"\} [1-9]/);
    expect(await metricsText()).toMatch(/bridge_oldest_request_age_seconds\{state="confirming"\} \d+/);

    await mine(1);
    const second = await solveUntil(deposit.requestId, (answer) => answer.details?.confirmations?.seen === 2);
    expect(second.status).toBe('pending');
    expect(await paid(deposit.recipient)).toBe(0n);

    await mine(1);
    expect(await source().getBlockNumber()).toBe(minedIn + BigInt(DEPTH - 1));
    const filled = await solveUntil(deposit.requestId, (answer) => answer.status === 'success');
    expect(filled.details).toMatchObject({ depositTxHash: deposit.txHash.toLowerCase(), confirmations: null });
    expect(BigInt((await services.bridge.requests.cursor(SOURCE))!)).toBeGreaterThanOrEqual(minedIn);
    expect(await paid(deposit.recipient)).toBe(deposit.amountOut);

    // More blocks and rounds pay nothing more.
    await mine(DEPTH);
    await services.solver.drain();
    await services.solver.drain();
    expect(await paid(deposit.recipient)).toBe(deposit.amountOut);
    expect(await metricsText()).toMatch(new RegExp(`bridge_fills_total\\{chain="${DESTINATION}"\\} [1-9]`));
  });

  it('removed by a reorganisation before its depth is never filled: its request waits for a deposit again', async () => {
    const deposit = await signedDeposit();
    await sentFromWallet(deposit);
    await solveUntil(deposit.requestId, (answer) => answer.status === 'pending');

    await reorganise(1);
    expect(await source().request({ method: 'eth_getTransactionReceipt', params: [deposit.txHash] })).toBeNull();
    await mine(DEPTH + 1);
    const waiting = await solveUntil(deposit.requestId, (answer) => answer.status === 'waiting');
    expect(waiting).toMatchObject({ step: 2, inTxHashes: null, txHashes: null });
    expect(waiting.details).toMatchObject({ state: 'waiting', depositTxHash: null, confirmations: null });

    // Well past the depth, round after round: nothing was ever paid for it.
    await mine(DEPTH);
    for (let round = 0; round < 3; round += 1) await services.solver.drain();
    expect(await paid(deposit.recipient)).toBe(0n);
    expect((await status(deposit.requestId)).status).toBe('waiting');
  });
});

describe('execute with a source depth above 1', () => {
  it('waits for the depth, then fills at once, once', async () => {
    const deposit = await signedDeposit();
    const executed = bridgeExecuteAnswer(services.bridge, { trade: deposit.signed, sourceChain: SOURCE, requestId: deposit.requestId });
    await solveUntil(deposit.requestId, (answer) => answer.status === 'pending');
    expect(await paid(deposit.recipient)).toBe(0n);

    await mine(DEPTH - 1);
    const answer = await executed;
    expect(answer).toMatchObject({ success: true, status: 'SUCCESS', sourceTxHash: deposit.txHash.toLowerCase(), requestId: deposit.requestId });
    expect(await paid(deposit.recipient)).toBe(deposit.amountOut);
    await services.solver.drain();
    expect(await paid(deposit.recipient)).toBe(deposit.amountOut);
  });

  it('answers FAILED when a reorganisation removes the deposit before its depth, and never fills it', async () => {
    const deposit = await signedDeposit();
    const executed = bridgeExecuteAnswer(services.bridge, { trade: deposit.signed, sourceChain: SOURCE, requestId: deposit.requestId });
    await solveUntil(deposit.requestId, (answer) => answer.status === 'pending');

    await reorganise(1);
    const answer = await executed;
    expect(answer).toMatchObject({ success: false, status: 'FAILED', bridgeStatus: 'waiting', sourceTxHash: deposit.txHash, destinationTxHash: null });
    expect(answer.error).toContain('reorganisation');
    await mine(DEPTH + 1);
    for (let round = 0; round < 3; round += 1) await services.solver.drain();
    expect(await paid(deposit.recipient)).toBe(0n);
    expect((await status(deposit.requestId)).status).toBe('waiting');
  });
});
