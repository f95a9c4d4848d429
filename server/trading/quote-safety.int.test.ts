/**
 * Safety in every quote, over REST on the local world: warnings from the tokens' audit and the route, the
 * honeypot refusal and its override, the token's own taxes in v1 whichever side is traded, and price-only
 * quotes without a trader.
 */
import { createPublicClient, http, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const client = useRestClient();

interface Warning {
  code: string;
  message: string;
  severity: string;
}
interface QuoteBody {
  stats: Record<string, string | number>;
  route?: unknown[];
  transaction: { trade: string; approve?: string; extra?: string; quoteId?: string };
  warnings: Warning[];
  code?: string;
  field?: string;
}

const base = () => testManifest().chains.BASE!;
const token = (symbol: string) => base().tokens.find((entry) => entry.symbol === symbol)!.address as Address;

async function fundedTrader(): Promise<Address> {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await client.post('dev.faucet', { chain: 'BASE', address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return account.address;
}

const codes = (body: QuoteBody) => body.warnings.map((warning) => warning.code);

describe('warnings in every quote', () => {
  it('a tax token is quoted with HIGH_TAX naming both taxes, in v1 and v2', async () => {
    const trader = await fundedTrader();
    const v2 = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('TAX'),
      amount: '10000000000000000',
      slippage: 100,
      trader,
    });
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    const highTax = v2.body.warnings.find((warning) => warning.code === 'HIGH_TAX');
    expect(highTax).toMatchObject({ severity: 'warning' });
    expect(highTax!.message).toMatch(/buy tax 3\u00a0%, sell tax 5\u00a0%/);
    const v1 = await client.get<QuoteBody>('v1.quote', { chain: 'BASE', token: token('TAX'), amount: '0.01', side: 'BUY', slippage: 100, trader });
    expect(codes(v1.body)).toContain('HIGH_TAX');
  });

  it('a plain token carries no token warning, and a small trade no route warning', async () => {
    const trader = await fundedTrader();
    const answer = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('ALPHA'),
      amount: '10000000000000000',
      slippage: 100,
      trader,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const code of ['HONEYPOT', 'HIGH_TAX', 'HIGH_PRICE_IMPACT', 'LOW_LIQUIDITY']) expect(codes(answer.body)).not.toContain(code);
  });

  it('no third-party audit answers offline: UNVERIFIED_AUDIT, as information', async () => {
    const trader = await fundedTrader();
    const answer = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('BETA'),
      amount: '10000000000000000',
      slippage: 100,
      trader,
    });
    expect(answer.body.warnings.find((warning) => warning.code === 'UNVERIFIED_AUDIT')).toMatchObject({ severity: 'info' });
  });

  it('a trade that moves the price by more than 10 % warns of it as a danger', async () => {
    const trader = await fundedTrader();
    const answer = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('TAX'),
      amount: '900000000000000000000',
      slippage: 5000,
      trader,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.warnings.find((warning) => warning.code === 'HIGH_PRICE_IMPACT')).toMatchObject({ severity: 'danger' });
  });

  it('the bridge quote carries warnings too', async () => {
    const trader = await fundedTrader();
    const answer = await client.get<QuoteBody>('bridge.quote', { source: 'BASE', destination: 'ARB', amount: '10000000000000000', trader, slippage: 100 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.warnings).toEqual([]);
  });
});

describe('honeypots', () => {
  it('a honeypot buy is refused with RISKY_TOKEN unless acceptRisk=true, then quoted with the warning', async () => {
    const trader = await fundedTrader();
    const request = { chain: 'BASE', tokenIn: NATIVE, tokenOut: token('HONEY'), amount: '10000000000000000', slippage: 100, trader };
    const refused = await client.get<QuoteBody>('v2.quote', request);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'RISKY_TOKEN', field: 'acceptRisk' });
    const accepted = await client.get<QuoteBody>('v2.quote', { ...request, acceptRisk: 'true' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.warnings.find((warning) => warning.code === 'HONEYPOT')).toMatchObject({ severity: 'danger' });
    expect(accepted.body.transaction.quoteId).toBeTruthy();

    const v1 = { chain: 'BASE', token: token('HONEY'), amount: '0.01', side: 'BUY', slippage: 100, trader };
    expect((await client.get<QuoteBody>('v1.quote', v1)).body).toMatchObject({ code: 'RISKY_TOKEN' });
    expect((await client.get<QuoteBody>('v1.quote', { ...v1, acceptRisk: true })).status).toBe(200);
  });
});

describe('v1 taxes', () => {
  it('buyTax and sellTax both show the token taxes, whichever side is traded', async () => {
    const trader = await fundedTrader();
    const tax = token('TAX');
    const buy = await client.get<QuoteBody>('v1.quote', { chain: 'BASE', token: tax, amount: '0.01', side: 'BUY', slippage: 100, trader });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.stats).toMatchObject({ buyTax: 3, sellTax: 5 });
    const sell = await client.get<QuoteBody>('v1.quote', { chain: 'BASE', token: tax, amount: '1000000000000000000', side: 'SELL', slippage: 100, trader });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(sell.body.stats).toMatchObject({ buyTax: 3, sellTax: 5 });
  });
});

describe('v1 fee bounds', () => {
  it('fee 10000 is refused with the largest fee the split allows, and why', async () => {
    const trader = await fundedTrader();
    const answer = await client.get<QuoteBody & { error: string }>('v1.quote', {
      chain: 'BASE',
      token: token('ALPHA'),
      amount: '0.01',
      side: 'BUY',
      slippage: 100,
      trader,
      fee: 10_000,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', field: 'fee' });
    expect(answer.body.error).toMatch(/9985 basis points.*15 bps base fee.*100 %/);
  });
});

describe('price-only quotes', () => {
  it('v2 without a trader answers stats, route and warnings, with empty transactions and no quoteId', async () => {
    const request = { chain: 'BASE', tokenIn: NATIVE, tokenOut: token('ALPHA'), amount: '50000000000000000', slippage: 100 };
    const priceOnly = await client.get<QuoteBody>('v2.quote', request);
    expect(priceOnly.status, JSON.stringify(priceOnly.body)).toBe(200);
    expect(priceOnly.body.transaction).toEqual({ trade: '', approve: '', extra: '' });
    expect(priceOnly.body.route!.length).toBeGreaterThan(0);
    expect(Array.isArray(priceOnly.body.warnings)).toBe(true);
    const withTrader = await client.get<QuoteBody>('v2.quote', { ...request, trader: await fundedTrader() });
    expect(priceOnly.body.stats.amountOut).toBe(withTrader.body.stats.amountOut);
  });

  it('a token sale without a trader is priced by exact pool math', async () => {
    const answer = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: token('ALPHA'),
      tokenOut: NATIVE,
      amount: '1000000000000000000',
      slippage: 100,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(BigInt(answer.body.stats.amountOut as string)).toBeGreaterThan(0n);
    expect(answer.body.transaction.quoteId).toBeUndefined();
    // Nothing was sent for the price-only wallet.
    const publicClient = createPublicClient({ transport: http(base().rpcUrl) });
    expect(await publicClient.getTransactionCount({ address: '0x00000000000000000000000000000000000Face1' })).toBe(0);
  });

  it('SOL without a trader is priced too', async () => {
    const sol = testManifest().chains.SOL;
    if (!sol) return;
    const mint = sol.tokens.find((entry) => entry.symbol !== 'SOL')!.address;
    const answer = await client.get<QuoteBody>('v2.quote', { chain: 'SOL', tokenIn: NATIVE, tokenOut: mint, amount: '10000000', slippage: 100 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.transaction.quoteId).toBeUndefined();
  });
});
