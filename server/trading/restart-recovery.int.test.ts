/**
 * Trades that outlive the instance that took them: a trade recorded and broadcast by an instance that died
 * before its receipt, or recorded and never sent, is found again by the next instance (same data folder)
 * when the client resubmits it, and settled with one broadcast at most.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, erc20Abi, http, keccak256, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { v2ExecuteInput, v2QuoteInput } from '@/server/api/contract/trading';
import { v2ExecuteAnswer, v2QuoteAnswer } from '@/server/api/handlers/trading';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createServices, type Services } from '@/server/services';
import { tradeRow } from './trade-outcome';

const NATIVE = '0x0000000000000000000000000000000000000000';
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trade-restart-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function openInstance(): Promise<Services> {
  return createServices(loadConfig({ ...process.env, DATA_DIR: dataDir }));
}

const entry = () => testManifest().chains.BASE!;
const publicClient = () => createPublicClient({ transport: http(entry().rpcUrl) });
const token = (symbol: string) => entry().tokens.find((candidate) => candidate.symbol === symbol)!.address as Address;

async function fundedAccount(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds({ manifest: testManifest() }, { chain: 'BASE', address: account.address });
  return account;
}

async function sign(account: PrivateKeyAccount, unsigned: string | undefined): Promise<Hex | undefined> {
  if (!unsigned) return undefined;
  return account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);
}

/** Quotes on `services` and signs every transaction of the quote, as a client would. */
async function signedQuote(services: Services, account: PrivateKeyAccount, tokenIn: string, tokenOut: string, amount: string) {
  const quote = await v2QuoteAnswer(services, v2QuoteInput.parse({ chain: 'BASE', tokenIn, tokenOut, amount, slippage: 100, trader: account.address }));
  const trade = (await sign(account, quote.transaction.trade))!;
  const approve = await sign(account, quote.transaction.approve);
  const request = v2ExecuteInput.parse({ chain: 'BASE', trade, approve, mev: false, simulation: true, quoteId: quote.transaction.quoteId });
  return { quote, trade, approve, request };
}

/** What the dying instance had written when it stopped: the trade's PENDING row. */
async function recordPending(services: Services, quoteId: string, trade: Hex) {
  const { verifyQuoteId } = await import('./quote-id');
  const claims = verifyQuoteId(services.appSecret, quoteId, Date.now());
  const row = await services.trades.insertPending(tradeRow(services.chains.BASE, { owner: 'anonymous', claims }, keccak256(trade)));
  expect(row?.status).toBe('PENDING');
}

// The first test also pays for the first services start-up and quote of the file, slow on a busy machine.
describe('a restart between broadcast and receipt', { timeout: 120_000 }, () => {
  it('a trade broadcast by an instance that died before its receipt is settled by the resubmission on the next one', async () => {
    const account = await fundedAccount();
    const client = publicClient();
    const nonce = await client.getTransactionCount({ address: account.address });
    const balanceOfBeta = () => client.readContract({ address: token('BETA'), abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
    const betaBefore = await balanceOfBeta();
    const first = await openInstance();
    const { quote, trade, request } = await signedQuote(first, account, NATIVE, token('BETA'), '1000000000000000');
    await recordPending(first, request.quoteId, trade);
    await client.sendRawTransaction({ serializedTransaction: trade });
    await first.close();

    const second = await openInstance();
    try {
      const answer = await v2ExecuteAnswer(second, undefined, request);
      expect(answer).toMatchObject({ success: true, status: 'SUCCESS' });
      expect(answer.txRes!.txHash.toLowerCase()).toBe(keccak256(trade).toLowerCase());
      expect((await balanceOfBeta()) - betaBefore).toBe(BigInt(quote.stats.amountOut));
      expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 1);
      expect((await second.trades.findByTxHash(keccak256(trade)))?.status).toBe('SUCCESS');
    } finally {
      await second.close();
    }
  });

  it('a SELL recorded but never sent (approval and trade) is sent once, in order, by the resubmission on the next one', async () => {
    const account = await fundedAccount();
    const client = publicClient();
    const nonce = await client.getTransactionCount({ address: account.address });
    const first = await openInstance();
    const { quote, trade, approve, request } = await signedQuote(first, account, token('ALPHA'), NATIVE, '100000000000000000000');
    expect(approve).toBeDefined();
    await recordPending(first, request.quoteId, trade);
    await first.close();

    const second = await openInstance();
    try {
      const started = performance.now();
      const answer = await v2ExecuteAnswer(second, undefined, request);
      expect(answer).toMatchObject({ success: true, status: 'SUCCESS' });
      // Settled from the chain, not left PENDING until the in-flight wait runs out.
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(answer.txRes!.spent).toBe('100');
      expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 2);
      const again = await v2ExecuteAnswer(second, undefined, request);
      expect(again).toEqual(answer);
      expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 2);
      expect(BigInt(quote.stats.amountOut)).toBeGreaterThan(0n);
    } finally {
      await second.close();
    }
  });
});
