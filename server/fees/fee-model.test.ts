import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFee, BPS, exactOutFees, exactOutFeesWithin, feeSplit, MIN_PROTOCOL_FEE_BPS, splitAmount } from './fee-model';

describe('feeSplit', () => {
  it('v1: fee 100 gives the integrator 70 bps and the protocol 45 bps', () => {
    expect(feeSplit('v1', 100)).toEqual({ protocolBps: 45, integratorBps: 70 });
  });

  it('v1: no fee leaves the 15 bps base', () => {
    expect(feeSplit('v1', 0)).toEqual({ protocolBps: 15, integratorBps: 0 });
  });

  it('v2: 10 bps base plus 80/20 of the fee', () => {
    expect(feeSplit('v2', 0)).toEqual({ protocolBps: 10, integratorBps: 0 });
    expect(feeSplit('v2', 10)).toEqual({ protocolBps: 12, integratorBps: 8 });
    expect(feeSplit('v2', 100)).toEqual({ protocolBps: 30, integratorBps: 80 });
    expect(feeSplit('v2', 500)).toEqual({ protocolBps: 110, integratorBps: 400 });
  });

  it('rounds the integrator share down and gives the remainder to the protocol', () => {
    expect(feeSplit('v2', 13)).toEqual({ protocolBps: 13, integratorBps: 10 }); // 10.4 → 10
    expect(feeSplit('v1', 11)).toEqual({ protocolBps: 19, integratorBps: 7 }); // 7.7 → 7
  });

  it('refuses fees outside each model', () => {
    for (const fee of [1, 9, 501, -1, 10.5, Number.NaN]) expect(() => feeSplit('v2', fee)).toThrow(RangeError);
    for (const fee of [-1, 9_986, 10_000, 0.5]) expect(() => feeSplit('v1', fee)).toThrow(RangeError);
    expect(() => feeSplit('v3' as never, 0)).toThrow(RangeError);
    // The refusal names the largest fee the v1 split allows, and why.
    expect(() => feeSplit('v1', 10_000)).toThrow(/from 0 to 9985 basis points: the 15 bps base fee .* cannot take more than 100 %/);
    expect(feeSplit('v1', 9_985)).toEqual({ integratorBps: 6_989, protocolBps: 3_011 });
    // The refusals name the fee and what each model allows: they reach the caller as the field's error.
    expect(() => feeSplit('v2', 501)).toThrow('501 bps is not allowed: must be 0, or from 10 to 500 basis points');
    expect(() => feeSplit('v3' as never, 0)).toThrow('unknown fee model v3');
  });

  it('always meets the Router rules: protocol ≥ 10 bps, total = base + fee ≤ 10 000', () => {
    fc.assert(
      fc.property(fc.constantFrom('v1' as const, 'v2' as const), fc.integer({ min: 0, max: 9_985 }), (version, fee) => {
        if (version === 'v2' && fee !== 0 && (fee < 10 || fee > 500)) return;
        const { protocolBps, integratorBps } = feeSplit(version, fee);
        expect(protocolBps).toBeGreaterThanOrEqual(MIN_PROTOCOL_FEE_BPS);
        expect(protocolBps + integratorBps).toBe((version === 'v1' ? 15 : 10) + fee);
        expect(protocolBps + integratorBps).toBeLessThanOrEqual(BPS);
        expect(integratorBps).toBe(Math.floor((fee * (version === 'v1' ? 70 : 80)) / 100));
      }),
    );
  });
});

describe('applyFee', () => {
  it('rounds down like the Router', () => {
    expect(applyFee(10_000n, 45)).toBe(45n);
    expect(applyFee(9_999n, 45)).toBe(44n); // 44.9955
    expect(applyFee(221n, 10)).toBe(0n);
    expect(applyFee(10n ** 18n, 70)).toBe(7n * 10n ** 15n);
    expect(applyFee(2n ** 256n - 1n, 10_000)).toBe(2n ** 256n - 1n);
    expect(applyFee(123n, 0)).toBe(0n);
    // Nothing traded, no fee: zero is an amount like any other.
    expect(applyFee(0n, 45)).toBe(0n);
  });

  it('refuses bps outside 0..10000 and negative amounts', () => {
    expect(() => applyFee(1n, -1)).toThrow(RangeError);
    expect(() => applyFee(1n, 10_001)).toThrow(RangeError);
    expect(() => applyFee(1n, 1.5)).toThrow(RangeError);
    expect(() => applyFee(-1n, 10)).toThrow(RangeError);
    expect(() => applyFee(1n, 10_001)).toThrow('fee of 10001 bps is out of range');
    expect(() => applyFee(-1n, 10)).toThrow('amount must not be negative');
    expect(() => splitAmount(1n, { protocolBps: 5_001, integratorBps: 5_000 })).toThrow('fees exceed 100 %');
    // Exactly 100 % is allowed (v1's largest fee comes to it): everything goes to the fees.
    expect(splitAmount(1_000n, { protocolBps: 10, integratorBps: 9_990 })).toEqual({ protocolFee: 1n, integratorFee: 999n, net: 0n });
  });

  it('splitAmount: the fees and the net add up to the amount, each fee floored on its own', () => {
    expect(splitAmount(9_999n, { protocolBps: 45, integratorBps: 70 })).toEqual({ protocolFee: 44n, integratorFee: 69n, net: 9_886n });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), fc.integer({ min: 0, max: BPS }), fc.integer({ min: 0, max: BPS }), (amount, a, b) => {
        if (a + b > BPS) {
          expect(() => splitAmount(amount, { protocolBps: a, integratorBps: b })).toThrow(RangeError);
          return;
        }
        const { protocolFee, integratorFee, net } = splitAmount(amount, { protocolBps: a, integratorBps: b });
        expect(protocolFee + integratorFee + net).toBe(amount);
        expect(protocolFee * BigInt(BPS)).toBeLessThanOrEqual(amount * BigInt(a));
        expect((protocolFee + 1n) * BigInt(BPS)).toBeGreaterThan(amount * BigInt(a));
        expect(net).toBeGreaterThanOrEqual(0n);
      }),
    );
  });

  it('exactOutFees: each fee rounded up over what the fees leave, and exactOutFeesWithin finds the amount inside the gross again', () => {
    // 10 000 at 10 + 8 bps: ceil(10 000·10 / 9 982) = 11 and ceil(10 000·8 / 9 982) = 9.
    expect(exactOutFees(10_000n, { protocolBps: 10, integratorBps: 8 })).toEqual({ protocolFee: 11n, integratorFee: 9n, gross: 10_020n });
    expect(() => exactOutFees(1n, { protocolBps: 5_000, integratorBps: 5_000 })).toThrow(RangeError);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (amount, a, b) => {
        const split = { protocolBps: a, integratorBps: b };
        const { protocolFee, integratorFee, gross } = exactOutFees(amount, split);
        const left = BigInt(BPS - a - b);
        expect(protocolFee * left).toBeGreaterThanOrEqual(amount * BigInt(a));
        expect((protocolFee - 1n) * left).toBeLessThan(amount * BigInt(a));
        expect(gross).toBe(amount + protocolFee + integratorFee);
        expect(exactOutFeesWithin(gross, split)).toEqual({ protocolFee, integratorFee, net: amount });
      }),
    );
  });
});
