import { describe, expect, it } from 'vitest';
import { customSlippageBps, customSlippageText, isSlippagePreset, slippageText, slippageWarning } from './slippage';

describe('slippage', () => {
  it('reads a typed percent as basis points, with a comma for the point', () => {
    expect(customSlippageBps('1.5')).toBe(150);
    expect(customSlippageBps('0,3')).toBe(30);
    expect(customSlippageBps('50')).toBe(5_000);
    expect(customSlippageBps('0.01')).toBe(1);
  });

  it('refuses what the quotes would refuse: nothing, zero, negatives, above 50 %, text, and what rounds to 0', () => {
    for (const text of ['', ' ', '0', '-1', '50.01', '51', 'abc', '0.001', 'Infinity']) expect(customSlippageBps(text), text).toBeUndefined();
  });

  it('leaves the custom field empty for a preset and shows any other tolerance in it', () => {
    expect(isSlippagePreset(50)).toBe(true);
    expect(customSlippageText(50)).toBe('');
    expect(customSlippageText(500)).toBe('5');
    expect(customSlippageText(125)).toBe('1.25');
  });

  it('warns below 0.1 % and above 5 %, and writes a tolerance as a percent', () => {
    expect(slippageWarning(5)).toBe('low');
    expect(slippageWarning(10)).toBeUndefined();
    expect(slippageWarning(500)).toBeUndefined();
    expect(slippageWarning(501)).toBe('high');
    expect(slippageText(500)).toBe('5\u00a0%');
    expect(slippageText(150)).toBe('1.5\u00a0%');
  });
});
