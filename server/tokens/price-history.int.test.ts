/**
 * Price history from the chain: a trade of ALPHA on BASE (through whichever of its pools the route takes)
 * and a trade of ALPHA with the Solana maker each show up as a point at their own block or slot, at the
 * price the trade left behind.
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { createPublicClient, http, parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { priceHistory } from './price-history';

const NATIVE = '0x0000000000000000000000000000000000000000';
const client = useRestClient();
const tokenOf = (chain: 'BASE' | 'SOL', symbol: string) => testManifest().chains[chain]!.tokens.find((token) => token.symbol === symbol)!.address;

interface QuoteBody {
  transaction: { trade: string; approve: string; extra: string; quoteId: string };
}
interface ExecuteBody {
  status: string;
  txRes: { txHash: string };
}

describe('price history from the chain', () => {
  it("follows ALPHA's trades on BASE across its pools, oldest first, ending at a pool's current price", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await client.post('dev.faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
    const alpha = tokenOf('BASE', 'ALPHA');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '300000000000000000',
      slippage: 300,
      trader: account.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const trade = await account.signTransaction(parseTransaction(quote.body.transaction.trade as Hex) as TransactionSerializableEIP1559);
    const executed = await client.post<ExecuteBody>('v2.execute', {
      chain: 'BASE',
      trade,
      quoteId: quote.body.transaction.quoteId,
      mev: false,
      simulation: true,
    });
    expect(executed.body.status, JSON.stringify(executed.body)).toBe('SUCCESS');
    const receipt = await createPublicClient({ transport: http(testManifest().chains.BASE!.rpcUrl) }).getTransactionReceipt({
      hash: executed.body.txRes.txHash as Hex,
    });

    const services = await client.services();
    const points = await priceHistory(services, 'BASE', alpha);
    expect(points.length).toBeGreaterThan(1);
    const atTrade = points.filter((point) => point.block === Number(receipt.blockNumber));
    expect(atTrade.length).toBeGreaterThan(0);
    for (let i = 1; i < points.length; i++) expect(points[i]!.block).toBeGreaterThanOrEqual(points[i - 1]!.block);
    // The last trade left its pool at the price the pool reader finds now.
    const { pools } = await findTokenPools(services.chains.BASE, alpha);
    const last = points[points.length - 1]!;
    expect(pools.some((pool) => Math.abs(pool.priceNative / last.priceNative - 1) < 1e-9)).toBe(true);
    expect(last.priceUsd).toBeGreaterThan(0);
    expect(last.time).toBeGreaterThan(1_600_000_000);
  });

  it("follows a mint's trades with the Solana maker, at the maker's price after each", async () => {
    const wallet = Keypair.generate();
    expect((await client.post('dev.faucet', { chain: 'SOL', address: wallet.publicKey.toBase58() })).status).toBe(200);
    const alpha = tokenOf('SOL', 'ALPHA');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'SOL',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '500000000',
      slippage: 100,
      trader: wallet.publicKey.toBase58(),
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const transaction = VersionedTransaction.deserialize(Buffer.from(quote.body.transaction.trade, 'base64'));
    transaction.sign([wallet]);
    const executed = await client.post<ExecuteBody>('v2.execute', {
      chain: 'SOL',
      trade: Buffer.from(transaction.serialize()).toString('base64'),
      quoteId: quote.body.transaction.quoteId,
      mev: false,
      simulation: true,
    });
    expect(executed.body.status, JSON.stringify(executed.body)).toBe('SUCCESS');

    const services = await client.services();
    const [points, info] = await Promise.all([
      priceHistory(services, 'SOL', alpha),
      client.get<{ poolInfo: { priceNative: number } }>('v1.tokenInfo', { chain: 'SOL', token: alpha, audit: false }),
    ]);
    expect(points.length).toBeGreaterThan(0);
    const last = points[points.length - 1]!;
    expect(last.time).toBeGreaterThan(1_600_000_000);
    expect(last.priceNative / info.body.poolInfo.priceNative).toBeCloseTo(1, 9);
    expect(last.priceUsd).toBeGreaterThan(0);
  });
});
