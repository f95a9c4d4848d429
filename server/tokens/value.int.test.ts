/**
 * Price estimates over REST: they agree with a quote for the same trade (the quote adds its simulation),
 * price a whole balance when the amount is left out, and answer on Solana.
 */
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const client = useRestClient();
const NATIVE = '0x0000000000000000000000000000000000000000';
const token = (chain: 'BASE' | 'SOL', symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address;

interface Value {
  success: boolean;
  inputAmount: number;
  outputAmount: number;
  cumulativePoolFee: number;
  outputValueUsd?: number;
  side: string;
}

describe('value', () => {
  it('v2: agrees with the quote for the same trade, with the USD value of the output', async () => {
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    const alpha = token('BASE', 'ALPHA');
    const value = await client.get<Value>('v2.value', { chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: '0.5' });
    expect(value.status, JSON.stringify(value.body)).toBe(200);
    const quote = await client.get<{ stats: { amountOut: string; valueAmountInUsd: number } }>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '500000000000000000',
      slippage: 100,
      trader,
    });
    expect(value.body.outputAmount).toBeCloseTo(Number(quote.body.stats.amountOut) / 1e18, 6);
    expect(value.body.cumulativePoolFee).toBeGreaterThan(0);
    // 0.5 native at $3000 into a token at $2: about $1,500 of output, less pool fees and impact.
    expect(value.body.outputValueUsd).toBeGreaterThan(1_450);
    expect(value.body.outputValueUsd).toBeLessThan(1_500);
  });

  it("v1: SELL without an amount prices the trader's whole balance", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    expect((await client.post('dev.faucet', { chain: 'BASE', address: wallet })).status).toBe(200);
    const value = await client.get<Value>('v1.value', { chain: 'BASE', token: token('BASE', 'BETA'), side: 'SELL', trader: wallet });
    expect(value.status, JSON.stringify(value.body)).toBe(200);
    expect(value.body).toMatchObject({ side: 'SELL', inputAmount: 1000 });
    // 1,000 BETA at $0.50 is about $500 of native at $3,000.
    expect(value.body.outputAmount).toBeGreaterThan(0.16);
    expect(value.body.outputAmount).toBeLessThan(0.17);
  });

  it('on Solana: prices through the maker; a missing amount is a clear error', async () => {
    const trader = testManifest().chains.SOL!.accounts[0]!.address;
    const value = await client.get<Value>('v2.value', { chain: 'SOL', tokenIn: NATIVE, tokenOut: token('SOL', 'USDC'), amount: '1' });
    expect(value.status, JSON.stringify(value.body)).toBe(200);
    expect(value.body.outputAmount).toBeGreaterThan(40);
    expect(value.body.outputValueUsd).toBeCloseTo(value.body.outputAmount, 6);
    const missing = await client.get('v2.value', { chain: 'SOL', tokenIn: NATIVE, tokenOut: token('SOL', 'USDC'), trader });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'INVALID_INPUT', field: 'amount' });
  });
});
