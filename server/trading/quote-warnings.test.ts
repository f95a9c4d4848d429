import { describe, expect, it } from 'vitest';
import type { TokenRisk } from '@/server/tokens/token-risk';
import { priceImpactWarnings, quoteWarnings, refuseRiskyBuy } from './quote-warnings';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const NATIVE = '0x0000000000000000000000000000000000000000';
const risk = (overrides: Partial<TokenRisk>): Map<string, TokenRisk> =>
  new Map([[TOKEN, { token: TOKEN, honeypot: false, buyTax: 0, sellTax: 0, providerDangers: [], permitRequired: false, ...overrides }]]);
const facts = { tokenIn: NATIVE, tokenOut: TOKEN, priceImpactPercent: 0.1, valueAmountInUsd: 100, label: () => 'The token you buy' };
const codes = (risks: Map<string, TokenRisk>, overrides = {}) => quoteWarnings(risks, { ...facts, ...overrides }).map((w) => `${w.code}:${w.severity}`);

describe('quote warnings', () => {
  it('warn of taxes above 1 % and call them dangerous above 10 %', () => {
    expect(codes(risk({ buyTax: 1 }))).toEqual([]);
    expect(codes(risk({ buyTax: 3, sellTax: 5 }))).toEqual(['HIGH_TAX:warning']);
    expect(codes(risk({ sellTax: 12 }))).toEqual(['HIGH_TAX:danger']);
  });

  it('name a honeypot and an unverified audit', () => {
    expect(codes(risk({ honeypot: true, unverified: 'no third-party audit covers this chain' }))).toEqual(['HONEYPOT:danger', 'UNVERIFIED_AUDIT:info']);
  });

  it('warn of price impact above 3 % and call it dangerous above 10 %', () => {
    expect(priceImpactWarnings(3)).toEqual([]);
    expect(priceImpactWarnings(3.5)[0]).toMatchObject({ code: 'HIGH_PRICE_IMPACT', severity: 'warning' });
    expect(priceImpactWarnings(10.5)[0]).toMatchObject({ code: 'HIGH_PRICE_IMPACT', severity: 'danger' });
  });

  it('estimate the route depth from the trade value and its impact', () => {
    // $100 moving the price 5 %: about $4,000 in the pools.
    expect(codes(new Map(), { priceImpactPercent: 5, valueAmountInUsd: 100 })).toEqual(['HIGH_PRICE_IMPACT:warning', 'LOW_LIQUIDITY:warning']);
    // $100 moving it 0.1 %: about $200,000.
    expect(codes(new Map(), { priceImpactPercent: 0.1, valueAmountInUsd: 100 })).toEqual([]);
  });

  it('refuse a honeypot buy unless the risk is accepted, and never a sale', () => {
    expect(() => refuseRiskyBuy(risk({ honeypot: true }), TOKEN, false, facts.label)).toThrow(
      expect.objectContaining({ code: 'RISKY_TOKEN', field: 'acceptRisk' }),
    );
    expect(() => refuseRiskyBuy(risk({ honeypot: true }), TOKEN, true, facts.label)).not.toThrow();
    expect(() => refuseRiskyBuy(risk({ honeypot: true }), NATIVE, false, facts.label)).not.toThrow();
  });
});
