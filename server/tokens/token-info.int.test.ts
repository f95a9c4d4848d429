/**
 * token-info over REST on the local world: the tax token's measured taxes, burnt and clogged supply, the
 * honeypot's verdict, clean plain tokens, prices that agree with the pools, and audit=false skipping the audit.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { LAUNCH_CURVE_USD } from '@/devnet/evm/launchpad';
import { NATIVE_USD, TOKENS } from '@/devnet/evm/world-spec';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const client = useRestClient();
const NATIVE = '0x0000000000000000000000000000000000000000';
/** A world token's address on `chain` (the stable sits at the address book's address, which differs by chain). */
const token = (symbol: string, chain: 'BASE' | 'ARB' = 'BASE') => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address;

interface Info {
  success: boolean;
  tokenInfo: { token: { symbol: string; name: string; decimals: number }; chain: string };
  poolInfo: { type: string; factory: string; liquidity: number; marketCap: number; priceNative: number; priceUsd: number };
  misc: { buyTax: number; sellTax: number; burnt: string; clogged: string; dexPaid: string; buyFeeUsd: number; sellFeeUsd: number; audit?: string };
}

const info = (symbol: string, extra: { chain?: 'BASE' | 'ARB'; audit?: string } = {}) =>
  client.get<Info>('v1.tokenInfo', { chain: 'BASE', token: token(symbol, extra.chain), ...extra });

describe('token-info', () => {
  it('measures the tax token: 3 % buy, 5 % sell, 10 % burnt, and clogged once it has been traded', async () => {
    // A trade first, so the token contract holds collected tax.
    const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await client.post('dev.faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
    const quote = await client.get<{ transaction: { trade: string; quoteId: string } }>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('TAX'),
      amount: '10000000000000000',
      slippage: 500,
      trader: account.address,
    });
    const { parseTransaction } = await import('viem');
    const signed = await account.signTransaction(parseTransaction(quote.body.transaction.trade as `0x${string}`) as never);
    expect(
      (await client.post('v2.execute', { chain: 'BASE', trade: signed, quoteId: quote.body.transaction.quoteId, mev: false, simulation: true })).body,
    ).toMatchObject({ success: true });

    const answer = await info('TAX');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.tokenInfo.token).toMatchObject({ symbol: 'TAX', decimals: 18 });
    expect(answer.body.misc.buyTax).toBeCloseTo(3, 1);
    expect(answer.body.misc.sellTax).toBeCloseTo(5, 1);
    expect(Number(answer.body.misc.burnt)).toBeCloseTo(10, 1);
    expect(Number(answer.body.misc.clogged)).toBeGreaterThan(0);
    expect(answer.body.misc.audit).toBeDefined();
    expect(answer.body.misc.dexPaid).toBe('unknown');
  });

  it('gives the honeypot a honeypot verdict and a 100 % sell tax', async () => {
    const answer = await info('HONEY');
    expect(answer.body.misc.sellTax).toBe(100);
    expect(answer.body.misc.audit).toBe('honeypot');
  });

  // On ARB: the trading tests move BASE's pools and the Router tests ETH's by more than 0.5 %; ARB sees only
  // trades of a few hundred dollars against million-dollar pools.
  it('reports plain tokens clean, priced as the pools price them', async () => {
    for (const symbol of ['ALPHA', 'BETA', 'USDC']) {
      const answer = await info(symbol, { chain: 'ARB' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.misc).toMatchObject({ buyTax: 0, sellTax: 0, audit: 'clean' });
      const spec = TOKENS.find((entry) => entry.symbol === symbol)!;
      expect(Math.abs(answer.body.poolInfo.priceUsd / spec.priceUsd - 1)).toBeLessThan(0.005);
      expect(Math.abs((answer.body.poolInfo.priceNative * NATIVE_USD.ARB) / spec.priceUsd - 1)).toBeLessThan(0.005);
      expect(answer.body.poolInfo.liquidity).toBeGreaterThan(0);
    }
  });

  it('describes a launchpad token: its curve, how far to graduation, its price on the curve', async () => {
    const answer = await client.get<Info & { launchpad?: Record<string, unknown> }>('v1.tokenInfo', { chain: 'BASE', token: token('LAUNCH'), audit: 'false' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.launchpad).toMatchObject({ address: testManifest().chains.BASE!.contracts.launchpad, graduated: false, pair: '' });
    expect(answer.body.launchpad!.progress).toBeGreaterThanOrEqual(10);
    expect(answer.body.launchpad!.priceNative).toBeGreaterThan(0);
    const plain = await client.get<Info & { launchpad?: unknown }>('v1.tokenInfo', { chain: 'BASE', token: token('ALPHA'), audit: 'false' });
    expect(plain.body.launchpad).toBeUndefined();
  });

  it('gives a launch token on its curve the curve as its pool: its price, its reserves as liquidity, its progress, and no danger verdict', async () => {
    const answer = await client.get<Info & { launchpad?: { progress: number; priceNative: number } }>('v1.tokenInfo', {
      chain: 'BASE',
      token: token('LAUNCH'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { poolInfo, launchpad, misc } = answer.body;
    expect(poolInfo).toMatchObject({ type: 'LAUNCHPAD', factory: 'Launchpad', address: testManifest().chains.BASE!.contracts.launchpad });
    expect(poolInfo.priceNative).toBe(launchpad!.priceNative);
    // The native coin's USD price moves with the trading tests' trades on BASE, a few percent at most.
    expect(Math.abs(poolInfo.priceUsd / (poolInfo.priceNative * NATIVE_USD.BASE) - 1)).toBeLessThan(0.05);
    // Both sides of the curve's reserves: its virtual native and what it raised (a tenth of the way or more).
    const nativeReserveUsd = LAUNCH_CURVE_USD.virtualNative + LAUNCH_CURVE_USD.graduation * 0.1;
    expect(poolInfo.liquidity).toBeGreaterThan(2 * nativeReserveUsd * 0.95);
    expect(poolInfo.marketCap).toBeGreaterThan(0);
    expect(launchpad!.progress).toBeGreaterThanOrEqual(10);
    expect(['clean', 'caution']).toContain(misc.audit);
  });

  it("audits a healthy curve's liquidity as it audits a pool's: by what its reserves hold", async () => {
    const answer = await client.get<{ audit: { verdict: string; score: number; checks: { id: string; status: string; detail: string }[] } }>('v1.tokenAudit', {
      chain: 'BASE',
      token: token('LAUNCH'),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const liquidity = answer.body.audit.checks.find((check) => check.id === 'liquidity')!;
    expect(liquidity).toMatchObject({ status: 'pass' });
    expect(liquidity.detail).toMatch(/launchpad bonding curve/);
    expect(answer.body.audit.score).toBeGreaterThanOrEqual(50);
  });

  it('answers 404 for an address without a token contract', async () => {
    const answer = await client.get('v1.tokenInfo', { chain: 'BASE', token: '0x1111111111111111111111111111111111111111' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('skips the audit when audit=false (and says nothing about it)', async () => {
    const answer = await info('ALPHA', { audit: 'false' });
    expect(answer.status).toBe(200);
    expect(answer.body.misc.audit).toBeUndefined();
  });

  it('describes a Solana mint: its name, the maker as its pool, no taxes', async () => {
    const mint = testManifest().chains.SOL!.tokens.find((entry) => entry.symbol === 'ALPHA')!.address;
    const answer = await client.get<Info>('v1.tokenInfo', { chain: 'SOL', token: mint });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.tokenInfo.token).toMatchObject({ symbol: 'ALPHA', decimals: 6 });
    expect(answer.body.poolInfo).toMatchObject({ type: 'MAKER' });
    expect(answer.body.poolInfo.priceUsd).toBeGreaterThan(0);
    expect(answer.body.misc).toMatchObject({ buyTax: 0, sellTax: 0 });
  });

  it("gives a Solana mint the maker's depth within 2 % of its price as its liquidity, not the maker's whole inventory", async () => {
    const { solana } = await client.services();
    const connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
    const makerSol = (await connection.getBalance(new PublicKey(solana!.maker!.address), 'confirmed')) / 1e9;
    for (const symbol of ['ALPHA', 'USDC']) {
      const mint = testManifest().chains.SOL!.tokens.find((entry) => entry.symbol === symbol)!.address;
      const answer = await client.get<Info>('v1.tokenInfo', { chain: 'SOL', token: mint, audit: 'false' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const held = await connection.getTokenAccountBalance(
        getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(solana!.maker!.address), true),
        'confirmed',
      );
      // Both sides of the curve at its price: the maker's whole SOL balance and its holding of the mint.
      const inventoryUsd =
        Number(held.value.uiAmountString) * answer.body.poolInfo.priceUsd + (makerSol * answer.body.poolInfo.priceUsd) / answer.body.poolInfo.priceNative;
      // Buying to +2 % and selling to -2 % on x·y = k move the SOL side by (√1.02 − √0.98) of itself.
      expect(answer.body.poolInfo.liquidity / inventoryUsd).toBeCloseTo((Math.sqrt(1.02) - Math.sqrt(0.98)) / 2, 3);
    }
  });
});
