/**
 * Bridging end to end on the local world: quotes over REST, deposits signed with viem, fills by the solver,
 * compared with the quote to the wei; deposits sent straight from a wallet; refunds when the solver cannot
 * fill; a fill that survives a restart between storing and sending; two instances sharing PostgreSQL.
 * Each case uses its own pair of chains, so solver balances of one case never disturb another.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPublicClient, http, parseTransaction, type Address, type Hex, type PublicClient, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { EvmChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { bridgeExecuteAnswer, bridgeQuoteAnswer, bridgeStatusAnswer, executeAnswerOf } from '@/server/api/handlers/bridge';
import type { AppError } from '@/server/errors';
import type { BridgeChain, SignedPayment } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { createBridgeSolver } from './bridge-solver';
import { stallAtSigning } from './test-support/stall-at-signing';
import { waitUntilFilled, withTwoInstances } from './test-support/two-instances';
import { receiptOf } from '@/devnet/evm/receipt';

const client = useRestClient();

interface QuoteBody {
  success: boolean;
  code?: string;
  error?: string;
  field?: string;
  transaction: { trade: string; requestId: string; approve: string };
  stats: { amountIn: string; amountOut: string; estimatedTime: number; priceImpact: number; amountOutUsd: string; amountInUsd: string; recipient: string };
}
interface ExecuteBody {
  success: boolean;
  status: string;
  sourceTxHash: string | null;
  destinationTxHash: string | null;
  requestId: string | null;
  trackingUrl: string | null;
  bridgeStatus: string | null;
  error: string | null;
  refundDetails: { currency: string; chain: string; contractAddress: string; amount?: string; txHash?: string | null } | null;
}
interface StatusBody {
  status: string;
  step: number;
  totalSteps: number;
  inTxHashes: string[] | null;
  txHashes: string[] | null;
  refundDetails: ExecuteBody['refundDetails'];
  error: boolean | null;
  details: { state: string; paidAmount: string | null; depositAmount: string | null; reason: string | null };
}

const publicClientFor = (chain: EvmChainId): PublicClient => createPublicClient({ transport: http(testManifest().chains[chain]!.rpcUrl) });

async function fundedAccount(chain: EvmChainId): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await client.post('dev.faucet', { chain, address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return account;
}

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

async function quote(query: Record<string, string>) {
  return client.get<QuoteBody>('bridge.quote', query);
}

function signDeposit(account: PrivateKeyAccount, unsigned: string): Promise<Hex> {
  return account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);
}

async function status(requestId: string): Promise<StatusBody> {
  const answer = await client.get<StatusBody>('bridge.status', { requestId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  // Like every other body, the status answer says whether the request succeeded.
  expect((answer.body as StatusBody & { success?: unknown }).success).toBe(true);
  return answer.body;
}

async function waitForStatus(requestId: string, done: (body: StatusBody) => boolean, timeoutMs = 30_000): Promise<StatusBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await status(requestId);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`bridge ${requestId} still ${body.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function gasCost(chain: EvmChainId, hash: Hex): Promise<bigint> {
  const receipt = await receiptOf(publicClientFor(chain), hash);
  return receipt.gasUsed * receipt.effectiveGasPrice;
}

describe('bridge quote', () => {
  it('prices source native into destination native, less fee and gas, with every stat', async () => {
    const trader = freshAddress();
    const answer = await quote({ source: 'AVAX', destination: 'BSC', amount: '10000000000000000000', trader });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { stats, transaction } = answer.body;
    expect(transaction.requestId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transaction.approve).toBe('');
    // 10 AVAX at the world's AVAX price, in BNB at the world's BNB price, less 0.1 % and the fill gas.
    const { NATIVE_USD } = await import('@/devnet/evm/world-spec');
    const ideal = (10 * NATIVE_USD.AVAX) / NATIVE_USD.BSC;
    const out = Number(stats.amountOut) / 1e18;
    expect(out).toBeLessThan(ideal);
    expect(out / ideal).toBeGreaterThan(0.995);
    expect(stats.recipient).toBe(trader);
    expect(stats.estimatedTime).toBeGreaterThan(0);
    expect(stats.priceImpact).toBeGreaterThan(0);
    expect(stats.priceImpact).toBeLessThan(1);
    expect(Number(stats.amountInUsd)).toBeCloseTo(10 * NATIVE_USD.AVAX, 0);
    const deposit = parseTransaction(transaction.trade as Hex);
    expect(deposit.to?.toLowerCase()).toBe(testManifest().chains.AVAX!.contracts.depository!.toLowerCase());
    expect(deposit.value).toBe(10n ** 19n);
    expect(deposit.data).toBe(transaction.requestId);
  });

  it('refuses a bridge beyond the solver inventory, saying what to do and never what the solver holds', async () => {
    // Limits raised so that the inventory is what refuses it.
    const bridge = { ...(await client.services()).bridge, limits: { maxUsd: 1e12, maxOutstandingUsd: { AVAX: 1e12 }, maxDestinationGas: 1_000_000n } };
    const refusal = await bridgeQuoteAnswer(bridge, 'test', {
      source: 'BSC',
      destination: 'AVAX',
      amount: (10n ** 24n).toString(),
      trader: freshAddress(),
    }).then(
      () => undefined,
      (error: unknown) => error as AppError,
    );
    expect(refusal?.code).toBe('INSUFFICIENT_LIQUIDITY');
    // The whole message: one amount, the payout as the page shows amounts (grouped, a few decimals) with the
    // coin, and the chain's display name; no figure of what the solver holds.
    expect(refusal?.message).toMatch(
      /^This amount cannot be filled on Avalanche C-Chain right now: paying out [\d,]+(\.\d+)? AVAX there is more than the solver can do at the moment\. Try a smaller amount, or try again later\.$/,
    );
  });

  it('refuses a bridge beyond the per-bridge cap with 422 LIMIT_EXCEEDED naming amount and the cap, never the holdings', async () => {
    // 1,000,000 BNB: far beyond the default $100,000 a bridge.
    const answer = await quote({ source: 'BSC', destination: 'AVAX', amount: (10n ** 24n).toString(), trader: freshAddress() });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'LIMIT_EXCEEDED', field: 'amount' });
    expect(answer.body.error).toMatch(/^amount: This bridge is worth about \$[\d,]+; the largest bridge this server takes is \$100,000\./);
  });

  it('refuses a bridge that would take what the solver owes on a chain past its cap, and the fill checks it again', async () => {
    const services = await client.services();
    const capped: BridgeDeps = {
      ...services.bridge,
      limits: { maxUsd: 1e9, maxOutstandingUsd: { XLAYER: 1_000 }, maxDestinationGas: 1_000_000n },
      workOn: (requestId, claimed) => cappedSolver.workOn(requestId, claimed),
      signFillAhead: undefined,
      kickSolver: () => undefined,
    };
    const cappedSolver = createBridgeSolver(capped);
    // 0.5 BNB is about $300: within the cap alone.
    const trader = await fundedAccount('BSC');
    const quoted = await bridgeQuoteAnswer(capped, 'test', {
      source: 'BSC',
      destination: 'XLAYER',
      amount: (5n * 10n ** 17n).toString(),
      trader: trader.address,
    });
    // Another request to XLAYER whose deposit is in and not yet paid: $900 owed.
    const owed = `0x${randomBytes(32).toString('hex')}`;
    await services.bridge.requests.insert({
      id: owed,
      owner: 'test',
      sourceChain: 'BASE',
      destinationChain: 'XLAYER',
      trader: trader.address,
      recipient: trader.address,
      amountIn: 1n,
      amountOut: 1n,
      minAmountOut: 1n,
      feeAmount: 0n,
      estimatedSeconds: 5,
      expiresAt: new Date(Date.now() + 60_000),
      economics: {
        depositAsset: null,
        depositExpected: 1n,
        depositMin: null,
        grossOut: 1n,
        gasOut: 0n,
        slippageBps: 50,
        usdValue: 900,
        fillGasLimit: null,
        depositCallHash: null,
        approvalQuoted: false,
      },
    });
    await services.bridge.requests.recordDeposit(
      owed,
      { txHash: `0x${'cd'.repeat(32)}`, from: trader.address, amount: 1n, confirmedAt: new Date() },
      { state: 'pending' },
      600_000,
    );
    try {
      const again = await bridgeQuoteAnswer(capped, 'test', {
        source: 'BSC',
        destination: 'XLAYER',
        amount: (5n * 10n ** 17n).toString(),
        trader: trader.address,
      }).then(
        () => undefined,
        (error: unknown) => error as AppError,
      );
      expect(again?.code).toBe('LIMIT_EXCEEDED');
      expect(again?.message).toBe(
        'amount: Bridges to X Layer are at their limit right now: this one cannot be taken until earlier ones are paid. Try a smaller amount, or try again in a few minutes.',
      );
      // The first quote's deposit arrives now: its fill sees the cap reached and returns it.
      const executed = await bridgeExecuteAnswer(capped, {
        trade: await signDeposit(trader, quoted.transaction.trade),
        sourceChain: 'BSC',
        requestId: quoted.transaction.requestId,
      });
      expect(executed).toMatchObject({ success: false, status: 'FAILED' });
      expect(executed.error).toMatch(/^Bridges to X Layer are at their limit right now/);
    } finally {
      await services.bridge.requests.startRefund(owed, 'test over');
      await services.bridge.requests.markFailed(owed, 'test over');
    }
  });

  it('refuses an amount that does not cover the fill gas, naming amount', async () => {
    const answer = await quote({ source: 'AVAX', destination: 'BSC', amount: '1', trader: freshAddress() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', field: 'amount' });
  });

  it('needs a recipient across families', async () => {
    const answer = await quote({ source: 'AVAX', destination: 'SOL', amount: '1000000000000000000', trader: freshAddress() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', field: 'recipient' });
  });

  it('answers 404 for an unknown request', async () => {
    const answer = await client.get('bridge.status', { requestId: `0x${'ab'.repeat(32)}` });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'QUOTE_NOT_FOUND', error: 'Quote not found - invalid requestId' });
  });
});

describe('EVM to EVM', () => {
  it('AVAX to BSC through execute: the recipient gets exactly amountOut', async () => {
    const trader = await fundedAccount('AVAX');
    const recipient = freshAddress();
    const answer = await quote({ source: 'AVAX', destination: 'BSC', amount: '2000000000000000000', trader: trader.address, recipient });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const signed = await signDeposit(trader, answer.body.transaction.trade);
    const executed = await client.post<ExecuteBody>('bridge.execute', { trade: signed, sourceChain: 'AVAX', requestId: answer.body.transaction.requestId });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body).toMatchObject({ success: true, status: 'SUCCESS', requestId: answer.body.transaction.requestId, error: null, refundDetails: null });
    expect(executed.body.trackingUrl).toMatch(new RegExp(`/bridge/${answer.body.transaction.requestId}$`));
    expect(await publicClientFor('BSC').getBalance({ address: recipient })).toBe(BigInt(answer.body.stats.amountOut));

    const done = await status(answer.body.transaction.requestId);
    expect(done).toMatchObject({ status: 'success', step: 4, totalSteps: 4, error: false });
    expect(done.inTxHashes).toEqual([executed.body.sourceTxHash]);
    expect(done.txHashes).toEqual([executed.body.destinationTxHash]);
    expect(done.details.paidAmount).toBe(answer.body.stats.amountOut);

    // Sending the same deposit again changes nothing.
    const again = await client.post<ExecuteBody>('bridge.execute', { trade: signed, sourceChain: 'AVAX', requestId: answer.body.transaction.requestId });
    expect(again.body).toMatchObject({ status: 'SUCCESS', destinationTxHash: executed.body.destinationTxHash });
    expect(await publicClientFor('BSC').getBalance({ address: recipient })).toBe(BigInt(answer.body.stats.amountOut));
  });

  it('a deposit sent straight from the wallet (no execute) is found and filled', async () => {
    const trader = await fundedAccount('HYPE');
    const answer = await quote({ source: 'HYPE', destination: 'XLAYER', amount: '1000000000000000000', trader: trader.address, recipient: freshAddress() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const hash = await publicClientFor('HYPE').sendRawTransaction({ serializedTransaction: await signDeposit(trader, answer.body.transaction.trade) });
    expect((await status(answer.body.transaction.requestId)).status).toMatch(/waiting|pending|success/);
    const done = await waitForStatus(answer.body.transaction.requestId, (body) => body.status === 'success');
    expect(done.inTxHashes).toEqual([hash]);
    expect(await publicClientFor('XLAYER').getBalance({ address: answer.body.stats.recipient as Address })).toBe(BigInt(answer.body.stats.amountOut));
  });

  it('a fill to a chain found faulty after the quote waits until the fault is gone, then pays once', async () => {
    const services = await client.services();
    const trader = await fundedAccount('HYPE');
    const answer = await quote({ source: 'HYPE', destination: 'XLAYER', amount: '1000000000000000000', trader: trader.address, recipient: freshAddress() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { requestId } = answer.body.transaction;
    services.bridge.faults = { XLAYER: 'VENUES_XLAYER: the quoterV2 has no code' };
    try {
      await publicClientFor('HYPE').sendRawTransaction({ serializedTransaction: await signDeposit(trader, answer.body.transaction.trade) });
      await waitForStatus(requestId, (body) => body.status === 'pending');
      // The solver has tried and put it back by now (its first retry is a second later).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const waiting = await status(requestId);
      expect(waiting.status, JSON.stringify(waiting)).toBe('pending');
      expect(waiting.txHashes ?? []).toEqual([]);
    } finally {
      services.bridge.faults = {};
    }
    services.bridge.kickSolver();
    const done = await waitForStatus(requestId, (body) => body.status === 'success', 45_000);
    expect(done.txHashes).toHaveLength(1);
    expect(await publicClientFor('XLAYER').getBalance({ address: answer.body.stats.recipient as Address })).toBe(BigInt(answer.body.stats.amountOut));
  });

  it('a second deposit for a request already paid is returned, the first filled once', async () => {
    const trader = await fundedAccount('HYPE');
    const recipient = freshAddress();
    const answer = await quote({ source: 'HYPE', destination: 'XLAYER', amount: '1000000000000000000', trader: trader.address, recipient });
    const hype = publicClientFor('HYPE');
    const first = parseTransaction(answer.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    await hype.sendRawTransaction({ serializedTransaction: await trader.signTransaction(first) });
    await waitForStatus(answer.body.transaction.requestId, (body) => body.status === 'success');
    // The wallet sends the same deposit again, at its next nonce.
    const before = await hype.getBalance({ address: trader.address });
    const again = await hype.sendRawTransaction({ serializedTransaction: await trader.signTransaction({ ...first, nonce: first.nonce! + 1 }) });
    // Known once the scan has seen it: 404 until then.
    let returned: StatusBody | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const answer = await client.get<StatusBody>('bridge.status', { requestId: again });
      if (answer.status === 200 && answer.body.details.state === 'refund') {
        returned = answer.body;
        break;
      }
    }
    if (!returned) throw new Error(`the second deposit ${again} was not refunded`);
    expect(returned.details.reason).toContain('second deposit');
    const refunded = BigInt(returned.refundDetails!.amount!);
    expect(refunded).toBeGreaterThan((10n ** 18n * 999n) / 1000n);
    expect(await hype.getBalance({ address: trader.address })).toBe(before - 10n ** 18n - (await gasCost('HYPE', again)) + refunded);
    // The request itself was filled once.
    expect(await publicClientFor('XLAYER').getBalance({ address: recipient })).toBe(BigInt(answer.body.stats.amountOut));
    expect((await status(answer.body.transaction.requestId)).details.state).toBe('success');
  });

  it('a deposit of another amount is refunded, not filled', async () => {
    const trader = await fundedAccount('HYPE');
    const answer = await quote({ source: 'HYPE', destination: 'XLAYER', amount: '1000000000000000000', trader: trader.address, recipient: freshAddress() });
    const depository = testManifest().chains.HYPE!.contracts.depository as Address;
    const walletClient = (await import('viem')).createWalletClient({ account: trader, transport: http(testManifest().chains.HYPE!.rpcUrl) });
    await walletClient.sendTransaction({ chain: null, to: depository, value: 2n * 10n ** 18n, data: answer.body.transaction.requestId as Hex });
    const done = await waitForStatus(answer.body.transaction.requestId, (body) => body.details.state === 'refund');
    expect(done).toMatchObject({ status: 'refund', step: 0, error: true });
    expect(done.details.reason).toContain('not the quoted');
    expect(done.txHashes).toBeNull();
    expect(await publicClientFor('XLAYER').getBalance({ address: answer.body.stats.recipient as Address })).toBe(0n);
  });

  it('a fill the solver cannot make ends in a refund on the source chain', async () => {
    const trader = await fundedAccount('INK');
    const answer = await quote({ source: 'INK', destination: 'STORY', amount: '1000000000000000000', trader: trader.address });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The solver's inventory on STORY is drained after the quote.
    const story = publicClientFor('STORY');
    const solver = testManifest().chains.STORY!.solver!.address as Address;
    const inventory = await story.getBalance({ address: solver });
    await story.request({ method: 'anvil_setBalance' as never, params: [solver, '0x1'] as never });
    try {
      const before = await publicClientFor('INK').getBalance({ address: trader.address });
      const signed = await signDeposit(trader, answer.body.transaction.trade);
      const executed = await client.post<ExecuteBody>('bridge.execute', { trade: signed, sourceChain: 'INK', requestId: answer.body.transaction.requestId });
      expect(executed.body).toMatchObject({ success: false, status: 'FAILED', destinationTxHash: null });
      expect(executed.body.refundDetails).toMatchObject({ currency: 'ETH', chain: 'INK', contractAddress: '0x0000000000000000000000000000000000000000' });
      expect(executed.body.error).toContain('could not fill');

      const done = await waitForStatus(answer.body.transaction.requestId, (body) => body.details.state === 'refund');
      expect(done.refundDetails?.txHash).toBeTruthy();
      const refunded = BigInt(done.refundDetails!.amount!);
      expect(refunded).toBeGreaterThan((10n ** 18n * 999n) / 1000n);
      expect(refunded).toBeLessThan(10n ** 18n);
      const depositGas = await gasCost('INK', executed.body.sourceTxHash as Hex);
      expect(await publicClientFor('INK').getBalance({ address: trader.address })).toBe(before - 10n ** 18n - depositGas + refunded);
      expect(done.inTxHashes).toEqual([executed.body.sourceTxHash, done.refundDetails!.txHash]);
    } finally {
      await story.request({ method: 'anvil_setBalance' as never, params: [solver, `0x${inventory.toString(16)}`] as never });
    }
  });

  it('an expired quote is refused before anything is sent', async () => {
    const services = await client.services();
    const trader = await fundedAccount('INK');
    const answer = await quote({ source: 'INK', destination: 'UNI', amount: '1000000000000000000', trader: trader.address });
    // A minute back: a node's block time lags the clock by a second or more on a loaded machine, and the deposit's block time is what counts.
    await services.store.db
      .updateTable('bridge_requests')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', answer.body.transaction.requestId)
      .execute();
    const executed = await client.post<ExecuteBody>('bridge.execute', {
      trade: await signDeposit(trader, answer.body.transaction.trade),
      sourceChain: 'INK',
      requestId: answer.body.transaction.requestId,
    });
    expect(executed.status).toBe(409);
    expect(executed.body).toMatchObject({ code: 'QUOTE_EXPIRED' });
    expect(await publicClientFor('INK').getTransactionCount({ address: trader.address })).toBe(0);
  });

  it('a deposit confirmed after the quote expired is refunded, not filled at the stale rate', async () => {
    const services = await client.services();
    const trader = await fundedAccount('HYPE');
    const answer = await quote({ source: 'HYPE', destination: 'XLAYER', amount: '1000000000000000000', trader: trader.address, recipient: freshAddress() });
    // A minute back: a node's block time lags the clock by a second or more on a loaded machine, and the deposit's block time is what counts.
    await services.store.db
      .updateTable('bridge_requests')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', answer.body.transaction.requestId)
      .execute();
    await publicClientFor('HYPE').sendRawTransaction({ serializedTransaction: await signDeposit(trader, answer.body.transaction.trade) });
    const done = await waitForStatus(answer.body.transaction.requestId, (body) => body.details.state === 'refund');
    expect(done.details.reason).toContain('after the quote expired');
    expect(await publicClientFor('XLAYER').getBalance({ address: answer.body.stats.recipient as Address })).toBe(0n);
  });

  it('execute answers PENDING with the solver status when the fill takes longer than its wait', async () => {
    const services = await client.services();
    const trader = await fundedAccount('INK');
    const answer = await quote({ source: 'INK', destination: 'UNI', amount: '1000000000000000000', trader: trader.address });
    const executed = await bridgeExecuteAnswer(
      { ...services.bridge, executeWaitMs: 0 },
      {
        trade: await signDeposit(trader, answer.body.transaction.trade),
        sourceChain: 'INK',
        requestId: answer.body.transaction.requestId,
      },
    );
    expect(executed).toMatchObject({ success: true, status: 'PENDING', destinationTxHash: null, requestId: answer.body.transaction.requestId });
    expect(executed.bridgeStatus).toMatch(/^(pending|delayed)$/);
    expect(executed.sourceTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    await waitForStatus(answer.body.transaction.requestId, (body) => body.status === 'success');
  });

  it('a tampered deposit is refused naming trade, and nothing is sent', async () => {
    const trader = await fundedAccount('INK');
    const answer = await quote({ source: 'INK', destination: 'UNI', amount: '1000000000000000000', trader: trader.address });
    const tx = parseTransaction(answer.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    const signed = await trader.signTransaction({ ...tx, value: 1n });
    const executed = await client.post<ExecuteBody>('bridge.execute', { trade: signed, sourceChain: 'INK', requestId: answer.body.transaction.requestId });
    expect(executed.status).toBe(400);
    expect(executed.body).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
    expect(await publicClientFor('INK').getTransactionCount({ address: trader.address })).toBe(0);
  });
});

describe('a deposit is bound to its request', () => {
  it('is refused for another requestId, signed for another chain id or by another wallet; track will not credit it to another request', async () => {
    const services = await client.services();
    const trader = await fundedAccount('INK');
    const query = { source: 'INK', destination: 'UNI', amount: '1000000000000000000', trader: trader.address };
    const mine = (await quote(query)).body.transaction;
    const other = (await quote(query)).body.transaction;
    const deposit = await signDeposit(trader, mine.trade);

    const refusals = {
      'another request': await client.post<ExecuteBody>('bridge.execute', { trade: deposit, sourceChain: 'INK', requestId: other.requestId }),
      'another chain id': await client.post<ExecuteBody>('bridge.execute', {
        trade: await trader.signTransaction({
          ...(parseTransaction(mine.trade as Hex) as TransactionSerializableEIP1559),
          chainId: testManifest().chains.UNI!.chainId,
        }),
        sourceChain: 'INK',
        requestId: mine.requestId,
      }),
      'another signer': await client.post<ExecuteBody>('bridge.execute', {
        trade: await signDeposit(privateKeyToAccount(generatePrivateKey()), mine.trade),
        sourceChain: 'INK',
        requestId: mine.requestId,
      }),
    };
    for (const [what, answer] of Object.entries(refusals)) {
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
    }
    expect(await publicClientFor('INK').getTransactionCount({ address: trader.address })).toBe(0);

    // Broadcast by the wallet itself, then reported for the other request.
    const hash = await publicClientFor('INK').sendRawTransaction({ serializedTransaction: deposit });
    const { trackBridgeDeposit } = await import('./bridge-execute');
    await expect(trackBridgeDeposit(services.bridge, { requestId: other.requestId, sourceChain: 'INK', txHash: hash })).rejects.toMatchObject({
      code: 'TX_MISMATCH',
      field: 'txHash',
    });
    await waitForStatus(mine.requestId, (body) => body.status === 'success');
    expect(await status(other.requestId)).toMatchObject({ status: 'waiting', inTxHashes: null });
  });
});

describe('across families', () => {
  const solanaConnection = async () => new (await import('@solana/web3.js')).Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');

  it('ABS to SOL: a fresh Solana recipient gets exactly amountOut lamports', async () => {
    const { Keypair } = await import('@solana/web3.js');
    const trader = await fundedAccount('ABS');
    const recipient = Keypair.generate().publicKey.toBase58();
    const answer = await quote({ source: 'ABS', destination: 'SOL', amount: '500000000000000000', trader: trader.address, recipient });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const executed = await client.post<ExecuteBody>('bridge.execute', {
      trade: await signDeposit(trader, answer.body.transaction.trade),
      sourceChain: 'ABS',
      requestId: answer.body.transaction.requestId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    const connection = await solanaConnection();
    expect(BigInt(await connection.getBalance(new (await import('@solana/web3.js')).PublicKey(recipient)))).toBe(BigInt(answer.body.stats.amountOut));
    expect((await status(answer.body.transaction.requestId)).txHashes).toEqual([executed.body.destinationTxHash]);
  });

  it('SOL to ABS: the wallet signs the base64 deposit, the EVM recipient gets exactly amountOut', async () => {
    const { Keypair, VersionedTransaction } = await import('@solana/web3.js');
    const trader = Keypair.generate();
    const funded = await client.post('dev.faucet', { chain: 'SOL', address: trader.publicKey.toBase58() });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const recipient = freshAddress();
    const answer = await quote({ source: 'SOL', destination: 'ABS', amount: '2000000000', trader: trader.publicKey.toBase58(), recipient });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const transaction = VersionedTransaction.deserialize(Buffer.from(answer.body.transaction.trade, 'base64'));
    transaction.sign([trader]);
    const executed = await client.post<ExecuteBody>('bridge.execute', {
      trade: Buffer.from(transaction.serialize()).toString('base64'),
      sourceChain: 'SOL',
      requestId: answer.body.transaction.requestId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    expect(await publicClientFor('ABS').getBalance({ address: recipient })).toBe(BigInt(answer.body.stats.amountOut));
    const done = await status(answer.body.transaction.requestId);
    expect(done.inTxHashes).toEqual([executed.body.sourceTxHash]);
    expect(done.details.depositAmount).toBe('2000000000');
  });
});

/** A second app (its own services) on a database of its choosing, with the solver started like the app's. */
async function openInstance(env: Record<string, string>): Promise<Services> {
  const config = loadConfig({ ...process.env, ...env });
  return createServices(config);
}

/** A chain whose payments stop right after they are sent, until the test lets them go: a refund on its way. */
function stallAfterSending(chain: BridgeChain): { chain: BridgeChain; sent: Promise<void>; letGo: () => void } {
  let reachedSent!: () => void;
  const sent = new Promise<void>((resolve) => {
    reachedSent = resolve;
  });
  let letGo!: () => void;
  const goOn = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const stalled: BridgeChain = Object.assign(Object.create(chain) as BridgeChain, {
    async sendPayment(payment: SignedPayment) {
      const state = await chain.sendPayment(payment);
      reachedSent();
      await goOn;
      return state;
    },
  });
  return { chain: stalled, sent, letGo };
}

describe('the public status of a refund', () => {
  it('is pending between the refund decision and its sending, and refund with the hash once sent and once confirmed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-refund-status-'));
    // Its own instance: no solver runs here but the one the test drives.
    const services = await openInstance({ DATA_DIR: dataDir });
    try {
      const trader = await fundedAccount('MONAD');
      const quoted = await bridgeQuoteAnswer(services.bridge, 'test', {
        source: 'MONAD',
        destination: 'UNI',
        amount: '1000000000000000000',
        trader: trader.address,
        recipient: freshAddress(),
      });
      const requestId = quoted.transaction.requestId;
      const source = services.bridge.chains.MONAD!;
      const signed = await signDeposit(trader, quoted.transaction.trade);
      await source.broadcast(signed);
      const deposit = await source.waitForDeposit(
        (await source.checkSignedDeposit(signed, { trader: trader.address, amount: 10n ** 18n, requestId })).txHash,
        10_000,
      );
      const found = deposit.deposit!;
      // The deposit is decided for a refund (as for one that came too late) and nothing is signed yet.
      await services.bridge.requests.recordDeposit(
        requestId,
        {
          txHash: found.txHash,
          from: found.from,
          amount: found.amount,
          confirmedAt: new Date(found.confirmedAtMs),
        },
        { state: 'refunding', reason: 'The deposit arrived after the quote expired.' },
      );
      const statusNow = () => bridgeStatusAnswer(services.bridge, requestId);

      const decided = await statusNow();
      expect(decided).toMatchObject({ status: 'pending', step: 3, error: false, refundDetails: null, inTxHashes: [found.txHash.toLowerCase()] });
      expect(decided.details).toMatchObject({ state: 'refunding', refundTxHash: null });
      expect(decided.details!.legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'pending', txHash: null });
      expect(executeAnswerOf(services.bridge, (await services.bridge.requests.find(requestId))!)).toMatchObject({
        status: 'PENDING',
        bridgeStatus: 'pending',
        refundDetails: null,
      });

      const before = await publicClientFor('MONAD').getBalance({ address: trader.address });
      const { chain: stalling, sent, letGo } = stallAfterSending(source);
      const solver = createBridgeSolver({ ...services.bridge, chains: { ...services.bridge.chains, MONAD: stalling }, kickSolver: () => undefined });
      const round = solver.drain();
      try {
        await sent;
        // Stored and sent, not yet seen confirmed by the solver: the refund, with its hash.
        const refundHash = (await services.bridge.requests.find(requestId))!.paymentTxHash!;
        const onItsWay = await statusNow();
        expect(onItsWay).toMatchObject({ status: 'refund', step: 0, error: true, inTxHashes: [found.txHash.toLowerCase(), refundHash] });
        expect(onItsWay.refundDetails).toMatchObject({ chain: 'MONAD', txHash: refundHash });
        expect(onItsWay.details).toMatchObject({ state: 'refunding' });
        expect(onItsWay.details!.legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'pending', txHash: refundHash });
        expect(executeAnswerOf(services.bridge, (await services.bridge.requests.find(requestId))!)).toMatchObject({
          status: 'FAILED',
          bridgeStatus: 'refund',
          refundDetails: { txHash: refundHash },
        });
      } finally {
        letGo();
        await round;
      }

      const done = await statusNow();
      expect(done).toMatchObject({ status: 'refund', step: 0, error: true });
      expect(done.details).toMatchObject({ state: 'refund', refundTxHash: done.refundDetails!.txHash });
      expect(done.inTxHashes).toEqual([found.txHash.toLowerCase(), done.refundDetails!.txHash]);
      const refunded = BigInt(done.refundDetails!.amount!);
      expect(await publicClientFor('MONAD').getBalance({ address: trader.address })).toBe(before + refunded);
    } finally {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('durability', () => {
  it('a fill stored but not sent before a restart is sent once, by the next instance', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-restart-'));
    try {
      const trader = await fundedAccount('MONAD');
      const recipient = freshAddress();
      const first = await openInstance({ DATA_DIR: dataDir });
      const quoted = await bridgeQuoteAnswer(first.bridge, 'test', {
        source: 'MONAD',
        destination: 'UNI',
        amount: '3000000000000000000',
        trader: trader.address,
        recipient,
      });
      const requestId = quoted.transaction.requestId;
      const source = first.bridge.chains.MONAD!;
      const destination = first.bridge.chains.UNI!;
      const signed = await signDeposit(trader, quoted.transaction.trade);
      await source.broadcast(signed);
      const deposit = await source.waitForDeposit(
        (await source.checkSignedDeposit(signed, { trader: trader.address, amount: 3n * 10n ** 18n, requestId })).txHash,
        10_000,
      );
      expect(deposit.state).toBe('confirmed');
      // Recorded directly: acceptDeposit would wake this instance's solver, which must not run here.
      const found = deposit.deposit!;
      const recorded = await first.bridge.requests.recordDeposit(
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
      // The solver signed and stored the fill, then the process died before sending it.
      const payment = await destination.signPayment({ to: recipient, amount: BigInt(quoted.stats.amountOut), requestId });
      expect(await first.bridge.requests.storePayment(requestId, payment)).toBe(true);
      await first.close();

      const second = await openInstance({ DATA_DIR: dataDir });
      try {
        await second.solver.drain();
        const row = await second.bridge.requests.find(requestId);
        expect(row).toMatchObject({ state: 'success', fillTxHash: payment.txHash.toLowerCase() });
        const uni = publicClientFor('UNI');
        expect(await uni.getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));
        const solverNonce = await uni.getTransactionCount({ address: destination.solver as Address });
        await second.solver.drain();
        expect(await uni.getTransactionCount({ address: destination.solver as Address })).toBe(solverNonce);
        expect(await uni.getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a deposit made while the app was down is found by the next start and filled once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-down-'));
    try {
      const trader = await fundedAccount('MONAD');
      const recipient = freshAddress();
      const first = await openInstance({ DATA_DIR: dataDir });
      const quoted = await bridgeQuoteAnswer(first.bridge, 'test', {
        source: 'MONAD',
        destination: 'UNI',
        amount: '1000000000000000000',
        trader: trader.address,
        recipient,
      });
      await first.close();
      await publicClientFor('MONAD').sendRawTransaction({ serializedTransaction: await signDeposit(trader, quoted.transaction.trade) });

      const second = await openInstance({ DATA_DIR: dataDir });
      try {
        await second.solver.drain();
        expect(await second.bridge.requests.find(quoted.transaction.requestId)).toMatchObject({ state: 'success' });
        expect(await publicClientFor('UNI').getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a lease that runs out mid-fill while another instance takes the request still pays once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-lease-'));
    const services = await openInstance({ DATA_DIR: dataDir });
    try {
      const trader = await fundedAccount('MONAD');
      const recipient = freshAddress();
      const quoted = await bridgeQuoteAnswer(services.bridge, 'test', {
        source: 'MONAD',
        destination: 'UNI',
        amount: '1000000000000000000',
        trader: trader.address,
        recipient,
      });
      const requestId = quoted.transaction.requestId;
      const source = services.bridge.chains.MONAD!;
      const destination = services.bridge.chains.UNI!;
      const signed = await signDeposit(trader, quoted.transaction.trade);
      await source.broadcast(signed);
      const deposit = await source.waitForDeposit(
        (await source.checkSignedDeposit(signed, { trader: trader.address, amount: 10n ** 18n, requestId })).txHash,
        10_000,
      );
      const found = deposit.deposit!;
      // Recorded directly: acceptDeposit would wake this instance's own solver.
      expect(
        (
          await services.bridge.requests.recordDeposit(
            requestId,
            {
              txHash: found.txHash,
              from: found.from,
              amount: found.amount,
              confirmedAt: new Date(found.confirmedAtMs),
            },
            { state: 'pending' },
          )
        )?.state,
      ).toBe('pending');

      // Instance A stalls in the middle of its fill, just before signing, until it is let go.
      const { chain: stalling, signing, letGo } = stallAtSigning(destination);
      const noKick = () => undefined;
      const instanceA = createBridgeSolver({ ...services.bridge, chains: { ...services.bridge.chains, UNI: stalling }, kickSolver: noKick });
      const instanceB = createBridgeSolver({ ...services.bridge, kickSolver: noKick });
      const uni = publicClientFor('UNI');
      const solverNonce = await uni.getTransactionCount({ address: destination.solver as Address });

      const roundA = instanceA.drain();
      await signing;
      // A's lease runs out while it is still filling (as if its 10 s had passed without a renewal), and B takes the request.
      await services.store.db
        .updateTable('bridge_requests')
        .set({ claimed_until: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', requestId)
        .execute();
      await instanceB.drain();
      expect(await services.bridge.requests.find(requestId)).toMatchObject({ state: 'success' });
      expect(await uni.getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));

      // A signs its payment now, finds B's stored, and sends only that one (already landed).
      letGo();
      await roundA;
      expect(await uni.getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));
      expect(await uni.getTransactionCount({ address: destination.solver as Address })).toBe(solverNonce + 1);
      const row = await services.bridge.requests.find(requestId);
      expect(row).toMatchObject({ state: 'success', fillTxHash: row!.paymentTxHash });
    } finally {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two instances on one PostgreSQL fill each request exactly once', async () => {
    await withTwoInstances('bridge', async (instances) => {
      const requests = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const trader = await fundedAccount('MEGAETH');
          const recipient = freshAddress();
          const quoted = await bridgeQuoteAnswer(instances[0].bridge, 'test', {
            source: 'MEGAETH',
            destination: 'PLASMA',
            amount: '100000000000000000',
            trader: trader.address,
            recipient,
          });
          await publicClientFor('MEGAETH').sendRawTransaction({ serializedTransaction: await signDeposit(trader, quoted.transaction.trade) });
          return { requestId: quoted.transaction.requestId, recipient, amountOut: BigInt(quoted.stats.amountOut) };
        }),
      );
      await waitUntilFilled(
        instances[1],
        requests.map((request) => request.requestId),
      );
      // A few more rounds by both: nothing is paid again.
      await Promise.all(instances.map((instance) => instance.solver.drain()));
      for (const request of requests) {
        expect(await publicClientFor('PLASMA').getBalance({ address: request.recipient })).toBe(request.amountOut);
      }
    });
  });
});
