/**
 * Each venue adapter's local pricing: the fee its pools charge (what routing's local math and the Router's hop
 * take), the spot price of a hop from the lens's per-hop pair, and the pool price from the venue's own spot read.
 * For the constant-product venues the local math with the adapter's fee is checked against the venue's own
 * integer getAmountOut (Uniswap V2 997/1000, PancakeSwap V2 9975/10000).
 */
import { encodeAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { constantProductOut, constantProductSpot } from '@/server/routing/amm/constant-product';
import { launchpadVenue } from './launchpad';
import { pancakeswapV2 } from './pancakeswap-v2';
import { pancakeswapV3 } from './pancakeswap-v3';
import { uniswapV2 } from './uniswap-v2';
import { uniswapV3 } from './uniswap-v3';
import { uniswapV4 } from './uniswap-v4';
import type { EvmVenueAdapter } from './venue-adapter';
import { venueById } from './venue-table';

const answer = (types: { type: string }[], values: unknown[]): RpcBatchAnswer => ({ ok: true, result: encodeAbiParameters(types, values) });
const reservesAnswer = (reserve0: bigint, reserve1: bigint) => answer([{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }], [reserve0, reserve1, 0]);
const ratio = (spot: { numerator: bigint; denominator: bigint }) => Number(spot.numerator) / Number(spot.denominator);

/** A V2 fork's getAmountOut in integers: the input keeps `keep / unit` of itself. */
function exactV2Out(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, keep: bigint, unit: bigint): bigint {
  const withFee = amountIn * keep;
  return (withFee * reserveOut) / (reserveIn * unit + withFee);
}

describe.each([
  { venue: uniswapV2, fee: 3000, keep: 997n, unit: 1000n },
  { venue: pancakeswapV2, fee: 2500, keep: 9975n, unit: 10000n },
])('$venue.name (constant product)', ({ venue, fee, keep, unit }) => {
  it('charges its one fee on every pool, in hundredths of a basis point', () => {
    expect(venue.feeTiers).toEqual([fee]);
    expect(venue.lpFee(0)).toBe(fee);
    expect(venue.poolInfo!.readProbe([reservesAnswer(1n, 1n)])?.fee).toBe(fee);
    expect(venue.tickSpacing(fee)).toBe(0);
    expect(venue.lpTokenPools).toBe(true);
  });

  it("prices a hop with routing's local math as the venue's own getAmountOut does", () => {
    const reserve0 = 1_234_567n * 10n ** 18n;
    const reserve1 = 987_654_321n * 10n ** 6n;
    const state = { kind: 'constant-product' as const, reserve0: Number(reserve0), reserve1: Number(reserve1), fee: venue.lpFee(0) };
    for (const amountIn of [10n ** 15n, 10n ** 18n, 5_000n * 10n ** 18n, 400_000n * 10n ** 18n]) {
      const local = constantProductOut(state, Number(amountIn), true);
      const exact = exactV2Out(amountIn, reserve0, reserve1, keep, unit);
      // Within the integer math's rounding (a unit of output) and float precision.
      expect(Math.abs(local - Number(exact))).toBeLessThan(1 + Number(exact) * 1e-9);
    }
    expect(constantProductSpot(state, true)).toBeCloseTo((Number(reserve1) / Number(reserve0)) * (1 - fee / 1e6), 12);
  });

  it('gives the spot of a hop from (reserveIn, reserveOut) and the pool price from getReserves', () => {
    expect(ratio(venue.hopSpot([4n, 10n]))).toBe(2.5);
    expect(venue.poolContracts!.rawPrice1Per0(reservesAnswer(2_000n, 5_000n))).toBe(2.5);
    expect(venue.poolContracts!.rawPrice1Per0(reservesAnswer(0n, 5_000n))).toBe(0);
  });
});

const Q96 = 2n ** 96n;
const slot0Answer = (sqrtPriceX96: bigint, tick: number) => answer([{ type: 'uint160' }, { type: 'int24' }], [sqrtPriceX96, tick]);

describe.each([
  { venue: uniswapV3, tiers: { 100: 1, 500: 10, 3000: 60, 10000: 200 } },
  { venue: pancakeswapV3, tiers: { 100: 1, 500: 10, 2500: 50, 10000: 200 } },
  { venue: uniswapV4, tiers: { 100: 1, 500: 10, 3000: 60, 10000: 200 } },
])('$venue.name (concentrated liquidity)', ({ venue, tiers }) => {
  it("charges each pool's own fee tier, with its tick spacing", () => {
    expect(venue.feeTiers).toEqual(Object.keys(tiers).map(Number));
    for (const [fee, spacing] of Object.entries(tiers)) {
      expect(venue.lpFee(Number(fee))).toBe(Number(fee));
      expect(venue.tickSpacing(Number(fee))).toBe(spacing);
    }
  });

  it('gives the spot of a hop from sqrtPriceX96, either way through the pool', () => {
    const sqrtPriceX96 = 2n * Q96; // token1 per token0 = 4
    expect(ratio(venue.hopSpot([sqrtPriceX96, 1n]))).toBe(4);
    expect(ratio(venue.hopSpot([sqrtPriceX96, 0n]))).toBe(0.25);
  });
});

describe('V3-family pool reads', () => {
  it.each([uniswapV3, pancakeswapV3])('$name reads the pool price from slot0 and the fee and spacing from its probe', (venue: EvmVenueAdapter) => {
    expect(venue.poolContracts!.rawPrice1Per0(slot0Answer(3n * Q96, 0))).toBeCloseTo(9, 12);
    const probed = venue.poolInfo!.readProbe([answer([{ type: 'uint24' }], [2500]), answer([{ type: 'int24' }], [50]), slot0Answer(Q96, 0)]);
    expect(probed).toMatchObject({ fee: 2500, tickSpacing: 50 });
  });

  it('Uniswap V4 hops name their tick spacing; the other venues pass 0', () => {
    expect(uniswapV4.hopNamesTickSpacing).toBe(true);
    for (const venue of [uniswapV2, pancakeswapV2, uniswapV3, pancakeswapV3, launchpadVenue]) expect(venue.hopNamesTickSpacing).toBeUndefined();
  });
});

describe('Launchpad (bonding curves priced as constant product)', () => {
  it('charges 1 % and prices a hop from the curve reserves', () => {
    expect(launchpadVenue.lpFee(0)).toBe(10_000);
    expect(launchpadVenue.feeTiers).toEqual([10_000]);
    expect(ratio(launchpadVenue.hopSpot([8n, 2n]))).toBe(0.25);
    expect(launchpadVenue.bondingCurve).toBe(true);
  });
});

describe('the venue table', () => {
  it('finds each venue by its id', () => {
    for (const venue of [uniswapV2, pancakeswapV2, uniswapV3, pancakeswapV3, uniswapV4, launchpadVenue]) expect(venueById(venue.id)).toBe(venue);
  });
});
