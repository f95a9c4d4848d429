import { describe, expect, it } from 'vitest';
import { MAX_PRICINGS, searchExactOutput } from './exact-output';

/** A constant-product pool with a 0.3 % fee and 1 % slippage: the exact-input quote the search inverts. */
function pool(reserveIn: bigint, reserveOut: bigint, slippageBps = 100n) {
  const prices: bigint[] = [];
  const price = async (amountIn: bigint) => {
    prices.push(amountIn);
    const withFee = amountIn * 997n;
    const amountOut = (withFee * reserveOut) / (reserveIn * 1000n + withFee);
    return { amountIn, amountOut, amountOutMin: (amountOut * (10_000n - slippageBps)) / 10_000n };
  };
  return { price, prices };
}

describe('exact-output search', () => {
  it('from an estimate that suffices, lands on a smaller input that still guarantees the amount', async () => {
    const { price, prices } = pool(10n ** 24n, 2n * 10n ** 24n);
    const wanted = 10n ** 22n;
    const quote = await searchExactOutput({ amountOut: wanted, estimate: 6n * 10n ** 21n, price });
    expect(quote.amountOutMin).toBeGreaterThanOrEqual(wanted);
    // Within a basis point of the least input (one raw unit less no longer suffices at that precision).
    const less = await price(quote.amountIn - quote.amountIn / 10_000n);
    expect(less.amountOutMin).toBeLessThan(wanted);
    expect(prices.length).toBeLessThanOrEqual(MAX_PRICINGS + 1);
  });

  it('from an estimate that falls short, steps up until the amount is guaranteed', async () => {
    const { price, prices } = pool(10n ** 24n, 2n * 10n ** 24n);
    const wanted = 5n * 10n ** 23n;
    const quote = await searchExactOutput({ amountOut: wanted, estimate: 2n * 10n ** 23n, price });
    expect(quote.amountOutMin).toBeGreaterThanOrEqual(wanted);
    expect(prices.length).toBeLessThanOrEqual(MAX_PRICINGS);
  });

  it('refuses with NO_ROUTE naming amountOut when the pool cannot deliver the amount', async () => {
    const { price } = pool(10n ** 18n, 10n ** 18n);
    await expect(searchExactOutput({ amountOut: 2n * 10n ** 18n, estimate: 10n ** 18n, price })).rejects.toMatchObject({
      code: 'NO_ROUTE',
      field: 'amountOut',
    });
  });
});
