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

  it('states the loss in figures at every warning level', () => {
    expect(priceImpactMessage('none', 0.5)).toBeUndefined();
    for (const level of ['notice', 'warning', 'high', 'blocking'] as const) {
      expect(priceImpactMessage(level, 14.236)).toContain('you receive 14.24\u00a0% less than the market price');
    }
    expect(priceImpactMessage('blocking', 14)).toBe('Very high price impact: you receive 14\u00a0% less than the market price. Type "confirm" to swap anyway.');
    expect(priceImpactMessage('blocking', 14)).not.toMatch(/most of the value/);
  });
});
