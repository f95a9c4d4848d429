import { describe, expect, it } from 'vitest';
import { CHAINS } from '@/server/chains/registry';
import { formatAmount, nativeAmountText, roundDownToShown } from './amount-text';

describe('amount text (pages and server messages)', () => {
  it('groups the whole part, keeps two decimals from five whole digits on, and names the coin', () => {
    expect(nativeAmountText(665_580_000_000_000_000_000n, 'ARB')).toBe('665.58 ETH');
    expect(nativeAmountText(9_988_512_345_000_000_000_000n, 'ARB')).toBe('9,988.512345 ETH');
    expect(nativeAmountText(19_988_512_345_000_000_000_000n, 'ARB')).toBe('19,988.51 ETH');
    expect(nativeAmountText(1_500_000_000n, 'SOL')).toBe('1.5 SOL');
  });

  it('keeps the first digits of small amounts', () => {
    expect(formatAmount(1234n, 18)).toBe('0.0000000000000012');
    expect(formatAmount(0n, 6)).toBe('0');
  });

  it('names chains as the pages do', () => {
    expect(CHAINS.ARB.name).toBe('Arbitrum One');
    expect(CHAINS.SOL.name).toBe('Solana');
  });

  it('cuts an amount down to the decimals it is shown with, never up', () => {
    expect(roundDownToShown(9_998_906_479_450_410_994_215n, 18)).toBe(9_998_906_479_000_000_000_000n);
    expect(roundDownToShown(19_998_999_999n, 6)).toBe(19_998_990_000n);
    expect(roundDownToShown(1234n, 18)).toBe(1200n);
    expect(roundDownToShown(1_999_999n, 0)).toBe(1_999_999n);
    expect(roundDownToShown(0n, 18)).toBe(0n);
  });
});
