import { describe, expect, it } from 'vitest';
import { BPS } from '@/server/trading/fee-model';
import { slippageKeeping } from './bridge-fill';

const minimumAt = (quoted: bigint, slippageBps: number) => (quoted * BigInt(BPS - slippageBps)) / BigInt(BPS);

describe('slippageKeeping', () => {
  it('gives the widest slippage whose minimum on the new quote still reaches the promised one', () => {
    for (const [quoted, minimum] of [[1_000_000n, 950_000n], [999_999n, 950_000n], [123_456_789n, 120_000_000n], [10n ** 24n, 10n ** 24n - 1n]] as const) {
      const slippage = slippageKeeping(quoted, minimum);
      expect(minimumAt(quoted, slippage)).toBeGreaterThanOrEqual(minimum);
      expect(minimumAt(quoted, slippage + 1)).toBeLessThan(minimum + (quoted / BigInt(BPS)) + 1n);
    }
  });

  it('is the quote\'s own slippage when nothing moved', () => {
    expect(slippageKeeping(1_000_000n, minimumAt(1_000_000n, 500))).toBe(500);
  });

  it('is 0 when the quote is at or below the minimum', () => {
    expect(slippageKeeping(100n, 100n)).toBe(0);
    expect(slippageKeeping(99n, 100n)).toBe(0);
  });
});
