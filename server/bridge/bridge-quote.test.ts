import { describe, expect, it } from 'vitest';
import { estimatedSeconds, usdText } from './bridge-quote';
import { convertValue as convertNative } from './bridge-rates';

describe('bridge pricing', () => {
  it('converts native value between coins of different prices and decimals, in integers', () => {
    // 2 ETH at 3000 USD into SOL at 150 USD: 40 SOL, in lamports.
    expect(convertNative(2n * 10n ** 18n, { usd: 3000, decimals: 18 }, { usd: 150, decimals: 9 })).toBe(40n * 10n ** 9n);
    // 1 SOL into ETH: 0.05 ETH, in wei.
    expect(convertNative(10n ** 9n, { usd: 150, decimals: 9 }, { usd: 3000, decimals: 18 })).toBe(5n * 10n ** 16n);
    // Rounds down: never pays more than the value.
    expect(convertNative(1n, { usd: 1, decimals: 18 }, { usd: 3, decimals: 18 })).toBe(0n);
  });

  it('formats USD with cents and estimates a block on each side plus the solver', () => {
    expect(usdText(1_500_000_000_000_000_000n, 18, 3000)).toBe('4500.00');
    expect(estimatedSeconds('ETH', 'ARB')).toBe(Math.ceil(12.25) + 2);
    expect(estimatedSeconds('BASE', 'SOL')).toBe(Math.ceil(2.4) + 2);
  });
});
