import { describe, expect, it } from 'vitest';
import { amountFieldText, formatDecimalText, formatPercentText, maxInputText, parseAmount, shortAddress, toInputText } from './format';
import { formatAmount } from '@/server/display/amount-text';
import { formatPercent, formatUsd } from '@/server/display/number-text';

describe('formatAmount', () => {
  it('groups the integer part and trims trailing zeros', () => {
    expect(formatAmount(10_000n * 10n ** 6n, 6)).toBe('10,000');
    expect(formatAmount('1500000000000000000', 18)).toBe('1.5');
    expect(formatAmount(0n, 18)).toBe('0');
  });

  it('keeps fewer decimals for large amounts and enough digits for tiny ones', () => {
    expect(formatAmount(123_456_789_123n, 6)).toBe('123,456.78');
    expect(formatAmount(1_234_567n, 6)).toBe('1.234567');
    expect(formatAmount(12_345n * 10n ** 6n, 18)).toBe('0.00000001234');
    expect(formatAmount(1n, 40)).toBe('<0.0000000000000001');
  });
});

describe('formatDecimalText', () => {
  it('shortens the decimals the server writes out in full, and leaves anything else alone', () => {
    expect(formatDecimalText('746.444654163839140294')).toBe('746.444654');
    expect(formatDecimalText('12345.5')).toBe('12,345.5');
    expect(formatDecimalText('0.5')).toBe('0.5');
    expect(formatDecimalText('n/a')).toBe('n/a');
  });
});

describe('parseAmount', () => {
  it('reads plain decimals into raw units', () => {
    expect(parseAmount('0.5', 18)).toBe(5n * 10n ** 17n);
    expect(parseAmount('.25', 6)).toBe(250_000n);
    expect(parseAmount('12.', 6)).toBe(12_000_000n);
  });

  it('refuses anything else, and more decimals than the token has', () => {
    for (const text of ['', 'abc', '1e18', '-1', '1,5', '0.1234567']) expect(parseAmount(text, 6), text).toBeUndefined();
  });

  it('round-trips with toInputText', () => {
    expect(parseAmount(toInputText(123_456_789n, 6), 6)).toBe(123_456_789n);
  });
});

describe('small formatters', () => {
  it('shortens addresses and formats USD and percentages', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.001)).toBe('<$0.01');
    expect(formatPercent(3.14159)).toBe('3.14\u00a0%');
    expect(formatPercent(0.001)).toBe('<0.01\u00a0%');
  });
});

describe('amountFieldText', () => {
  it('keeps digits and one decimal point, reading a comma as the point', () => {
    expect(amountFieldText('12.5')).toBe('12.5');
    expect(amountFieldText('1,5')).toBe('1.5');
    expect(amountFieldText('abc')).toBe('');
    expect(amountFieldText('-1e5')).toBe('15');
    expect(amountFieldText('1.2.3')).toBe('1.23');
    expect(amountFieldText(' 1 000 ')).toBe('1000');
  });
});

describe('maxInputText', () => {
  it('fills the spendable amount with the decimals the balance shows, rounded down', () => {
    expect(maxInputText(9_998_906_479_450_410_994_215n, 18)).toBe('9998.906479');
    expect(maxInputText(7_709_925_339_999n, 6)).toBe('7709925.33');
    expect(maxInputText(1_500_000n, 6)).toBe('1.5');
  });
});

describe('formatPercentText', () => {
  it('reads the percent text the server sends as every percent reads, and leaves other text alone', () => {
    expect(formatPercentText('12.5')).toBe('12.5\u00a0%');
    expect(formatPercentText('0')).toBe('0\u00a0%');
    expect(formatPercentText('n/a')).toBe('n/a');
  });
});
