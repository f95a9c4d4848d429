import { describe, expect, it } from 'vitest';
import { makerAmountIn, makerAmountOut } from './maker';

describe('maker curve inverse', () => {
  it('gives the least input that buys at least the amount, for many sizes', () => {
    const inventory = { reserveIn: 5_000_000_000_000n, reserveOut: 812_345_678_901n };
    for (const amountOut of [1n, 999n, 1_000_000n, 123_456_789n, 400_000_000_000n, 812_345_678_900n]) {
      const amountIn = makerAmountIn(amountOut, inventory)!;
      expect(makerAmountOut(amountIn, inventory)).toBeGreaterThanOrEqual(amountOut);
      expect(makerAmountOut(amountIn - 1n, inventory)).toBeLessThan(amountOut);
    }
  });

  it('cannot buy the whole reserve or more', () => {
    expect(makerAmountIn(10n, { reserveIn: 100n, reserveOut: 10n })).toBeUndefined();
    expect(makerAmountIn(0n, { reserveIn: 100n, reserveOut: 10n })).toBeUndefined();
  });
});
