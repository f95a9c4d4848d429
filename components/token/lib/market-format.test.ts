import { describe, expect, it } from 'vitest';
import { formatNativePrice, formatPercentText, formatPrice, formatUsdTotal } from './market-format';

describe('market formats', () => {
  it('keeps the significant digits of tiny prices', () => {
    expect(formatPrice(0.0000123456)).toBe('$0.00001235');
    expect(formatPrice(1.5)).toBe('$1.5');
    expect(formatPrice(2345.678)).toBe('$2,346');
    expect(formatNativePrice(0.000412345, 'ETH')).toBe('0.0004123 ETH');
  });

  it('shortens large totals only', () => {
    expect(formatUsdTotal(12_345.678)).toBe('$12,345.68');
    expect(formatUsdTotal(2_500_000)).toBe('$2.5M');
  });

  it('reads percent text', () => {
    expect(formatPercentText('12.5')).toBe('12.5 %');
    expect(formatPercentText('0')).toBe('0 %');
    expect(formatPercentText('n/a')).toBe('n/a');
  });
});
