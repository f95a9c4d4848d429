import { describe, expect, it } from 'vitest';
import { priceImpactLevel, priceImpactMessage } from './price-impact';

describe('priceImpactLevel', () => {
  it('warns from 1, 3 and 5 percent and asks for a typed confirmation above 10', () => {
    expect(priceImpactLevel(0)).toBe('none');
    expect(priceImpactLevel(0.99)).toBe('none');
    expect(priceImpactLevel(1)).toBe('notice');
    expect(priceImpactLevel(2.99)).toBe('notice');
    expect(priceImpactLevel(3)).toBe('warning');
    expect(priceImpactLevel(5)).toBe('high');
    expect(priceImpactLevel(10)).toBe('high');
    expect(priceImpactLevel(10.01)).toBe('blocking');
  });

  it('has a message for every warning level', () => {
    expect(priceImpactMessage('none')).toBeUndefined();
    for (const level of ['notice', 'warning', 'high', 'blocking'] as const) expect(priceImpactMessage(level)).toBeTruthy();
  });
});
