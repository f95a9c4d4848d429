/**
 * `stats.valueAmountOutUsd` on the local world: the receive side's USD value, priced like the input's. The
 * native coin and the stable are valued directly; any other token is worth a little less than the input
 * (pool fees, price impact, our fee), never more, and never nothing.
 */
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000';
const client = useRestClient();

interface QuoteStats {
  amountIn: string;
  amountOut: string;
  valueAmountInUsd: number;
  valueAmountOutUsd: number;
}

async function priceQuote(chain: string, tokenIn: string, tokenOut: string, amount: string): Promise<QuoteStats> {
  const answer = await client.get<{ stats: QuoteStats }>('v2.quote', { chain, tokenIn, tokenOut, amount, slippage: 100 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.stats;
}

/** Output worth between 90 % and 100 % of the input: what fees and a modest trade's impact leave. */
function expectCloseBelowInput(stats: QuoteStats): void {
  expect(stats.valueAmountInUsd).toBeGreaterThan(0);
  expect(stats.valueAmountOutUsd).toBeLessThan(stats.valueAmountInUsd);
  expect(stats.valueAmountOutUsd).toBeGreaterThan(stats.valueAmountInUsd * 0.9);
}

describe('valueAmountOutUsd on BASE', () => {
  const chain = testManifest().chains.BASE!;
  const token = (symbol: string) => chain.tokens.find((entry) => entry.symbol === symbol)!.address;

  it('values the stable at par, to its raw unit', async () => {
    const stats = await priceQuote('BASE', NATIVE, token('USDC'), '500000000000000000');
    expect(stats.valueAmountOutUsd).toBe(Number(stats.amountOut) / 1e6);
    expectCloseBelowInput(stats);
  });

  it('values a plain token, a two-hop token and the native coin a little below the input', async () => {
    expectCloseBelowInput(await priceQuote('BASE', NATIVE, token('ALPHA'), '500000000000000000'));
    expectCloseBelowInput(await priceQuote('BASE', token('USDC'), token('GAMMA'), '500000000'));
    expectCloseBelowInput(await priceQuote('BASE', token('BETA'), NATIVE, '100000000000000000000'));
  });
});

describe('valueAmountOutUsd on SOL', () => {
  const chain = testManifest().chains.SOL!;
  const mint = (symbol: string) => chain.tokens.find((entry) => entry.symbol === symbol)!.address;

  it('values the stable at par and a mint through what it fetches in SOL', async () => {
    const toStable = await priceQuote('SOL', NATIVE, mint('USDC'), '500000000');
    expect(toStable.valueAmountOutUsd).toBe(Number(toStable.amountOut) / 1e6);
    expectCloseBelowInput(toStable);
    expectCloseBelowInput(await priceQuote('SOL', mint('USDC'), mint('BETA'), '250000000'));
    expectCloseBelowInput(await priceQuote('SOL', mint('BETA'), NATIVE, '100000000000'));
  });
});
