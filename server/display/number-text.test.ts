import { describe, expect, it } from 'vitest';
import { formatFixed, formatNativePrice, formatNumber, formatPercent, formatPercentChange, formatPrice, formatUsd, formatUsdTotal } from './number-text';

const pct = (text: string) => text.replace(' %', '\u00a0%');

describe('number text (pages and server messages)', () => {
  it('groups plain figures and keeps at most the decimals asked for', () => {
    expect(formatNumber(7_709_925.3312)).toBe('7,709,925.33');
    expect(formatNumber(183_422, 0)).toBe('183,422');
    expect(formatNumber(0.5)).toBe('0.5');
  });

  it('writes dollars grouped to the cent, and large totals compact', () => {
    expect(formatUsd(5_812_946.37)).toBe('$5,812,946.37');
    expect(formatUsd(0.004)).toBe('<$0.01');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsdTotal(12_345.678)).toBe('$12,345.68');
    expect(formatUsdTotal(2_500_000)).toBe('$2.5M');
  });

  it('keeps the significant digits of prices however small', () => {
    expect(formatPrice(0.0000123456)).toBe('$0.00001235');
    expect(formatPrice(2345.678)).toBe('$2,346');
    expect(formatNativePrice(0.000412345, 'ETH')).toBe('0.0004123 ETH');
  });

  it('writes every percent the same way, its sign held to the number by a no-break space', () => {
    expect(formatPercent(0.3)).toBe(pct('0.3 %'));
    expect(formatPercent(0.01)).toBe(pct('0.01 %'));
    expect(formatPercent(12.3456)).toBe(pct('12.35 %'));
    expect(formatPercent(0.00012, 4)).toBe(pct('0.0001 %'));
    expect(formatPercent(0.001)).toBe(pct('<0.01 %'));
    expect(formatPercent(1250)).toBe(pct('1,250 %'));
    expect(formatPercent(5)).not.toContain(' ');
  });

  it('signs a change and keeps two decimals so a column lines up', () => {
    expect(formatPercentChange(1.5)).toBe(pct('+1.50 %'));
    expect(formatPercentChange(-0.254)).toBe(pct('-0.25 %'));
    expect(formatPercentChange(-0.001)).toBe(pct('0.00 %'));
  });

  it('writes axis labels with exactly the decimals asked for', () => {
    expect(formatFixed(1234.5, 2, true)).toBe('$1,234.50');
    expect(formatFixed(0.000125, 6)).toBe('0.000125');
    expect(formatFixed(7, 0)).toBe('7');
  });
});
