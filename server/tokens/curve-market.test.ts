import { describe, expect, it } from 'vitest';
import type { CurveState } from '@/server/venues/evm/launchpad-curve';
import { curvePool, curveSummary, deeperMarket } from './curve-market';
import type { TokenMainPool } from './token-info-types';

const ether = (amount: number) => BigInt(Math.round(amount * 1e6)) * 10n ** 12n;
// LAUNCH-like: 1.833 native virtual + raised, 900 M tokens left, a tenth of the way to graduation.
const curve: CurveState = {
  launchpad: '0x00000000000000000000000000000000000000c3',
  reserveNative: ether(1.8),
  reserveToken: 900_000_000n * 10n ** 18n,
  raisedNative: ether(0.15),
  graduationNative: ether(1.5),
  graduated: false,
  pair: '0x0000000000000000000000000000000000000000',
};
const input = { curve, tokenDecimals: 18, nativeDecimals: 18, nativeUsd: 3_000, circulating: 1_000_000_000 };

describe("a launch token's curve market", () => {
  it('prices and sizes the curve from its reserves, as a V2 pool is from its balances', () => {
    const pool = curvePool(input)!;
    expect(pool).toMatchObject({ type: 'LAUNCHPAD', factory: 'Launchpad', address: curve.launchpad, liquidityUsd: 10_800 });
    expect(pool.priceNative).toBeCloseTo(2e-9, 15);
    expect(pool.priceUsd).toBeCloseTo(6e-6, 12);
    expect(pool.marketCapUsd).toBe(6_000);
  });

  it('sums up the curve: progress toward graduation, its price, and the pair once graduated', () => {
    expect(curveSummary(curve, 18, 18)).toMatchObject({ graduated: false, progress: 10, raisedNative: '0.15', graduationNative: '1.5', pair: '' });
    const graduated = { ...curve, graduated: true, reserveToken: 0n, pair: '0x00000000000000000000000000000000000000d4' } as const;
    expect(curveSummary(graduated, 18, 18)).toMatchObject({ graduated: true, progress: 100, priceNative: 0, pair: graduated.pair });
    expect(curvePool({ ...input, curve: graduated })).toBeUndefined();
  });

  it("takes the deeper of the curve and the token's deepest pool", () => {
    const pool = { type: 'UNISWAP_V2', liquidityUsd: 20_000 } as TokenMainPool;
    const onCurve = curvePool(input)!;
    expect(deeperMarket(pool, onCurve)).toBe(pool);
    expect(deeperMarket({ ...pool, liquidityUsd: 0 }, onCurve)).toBe(onCurve);
    expect(deeperMarket(pool, undefined)).toBe(pool);
  });
});
