/**
 * A launch token's market while it is on the launchpad's bonding curve: the curve is its pool (type
 * LAUNCHPAD), priced and sized from the curve's reserves as a V2 pool is from its balances, since the curve
 * trades along V2's formula on those reserves. Graduated, the token trades in its V2 pair, which the pool
 * reader finds like any other.
 */
import { formatUnits } from 'viem';
import type { CurveState } from '@/server/venues/evm/launchpad-curve';
import type { LaunchpadCurve, TokenMainPool } from './token-info-types';

export interface CurveMarketInput {
  curve: CurveState;
  tokenDecimals: number;
  nativeDecimals: number;
  /** USD per native coin; 0 when the chain has no price for it. */
  nativeUsd: number;
  /** Whole tokens outside burn addresses, for the market cap. */
  circulating: number;
}

/** The curve as token-info's `launchpad` extension. */
export function curveSummary(curve: CurveState, tokenDecimals: number, nativeDecimals: number): LaunchpadCurve {
  const { raisedNative, graduationNative, graduated } = curve;
  return {
    address: curve.launchpad,
    graduated,
    progress: graduated ? 100 : graduationNative === 0n ? 0 : round2(Number((raisedNative * 1_000_000n) / graduationNative) / 10_000),
    raisedNative: formatUnits(raisedNative, nativeDecimals),
    graduationNative: formatUnits(graduationNative, nativeDecimals),
    priceNative: curvePriceNative(curve, tokenDecimals, nativeDecimals),
    pair: graduated ? curve.pair : '',
  };
}

/** Native per token on the curve; 0 once it graduated (its pair prices it then). */
export function curvePriceNative(curve: CurveState, tokenDecimals: number, nativeDecimals: number): number {
  if (curve.graduated || curve.reserveToken === 0n) return 0;
  return Number(formatUnits(curve.reserveNative, nativeDecimals)) / Number(formatUnits(curve.reserveToken, tokenDecimals));
}

/**
 * The live curve as the token's pool; undefined once it graduated. Liquidity is both reserves in USD, as a
 * V2 pool's is: the native one, virtual part included, is what sets the price a trade moves along.
 */
export function curvePool({ curve, tokenDecimals, nativeDecimals, nativeUsd, circulating }: CurveMarketInput): TokenMainPool | undefined {
  const priceNative = curvePriceNative(curve, tokenDecimals, nativeDecimals);
  if (priceNative === 0) return undefined;
  const priceUsd = priceNative * nativeUsd;
  return {
    address: curve.launchpad,
    type: 'LAUNCHPAD',
    factory: 'Launchpad',
    liquidityUsd: curveLiquidityUsd(curve, nativeDecimals, nativeUsd),
    marketCapUsd: round2(circulating * priceUsd),
    priceNative,
    priceUsd,
  };
}

/** Both reserves of a curve in USD (the token side is worth the native side at the curve's price). */
export function curveLiquidityUsd(curve: CurveState, nativeDecimals: number, nativeUsd: number): number {
  return round2(2 * Number(formatUnits(curve.reserveNative, nativeDecimals)) * nativeUsd);
}

/** The token's market: its live curve when that is deeper than its deepest pool, else the pool. */
export function deeperMarket(pool: TokenMainPool, curve: TokenMainPool | undefined): TokenMainPool {
  return curve && curve.liquidityUsd >= pool.liquidityUsd ? curve : pool;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
