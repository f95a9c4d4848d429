/**
 * A pool as the optimiser sees it: enough state to price any input locally, in floating point. Exact amounts
 * never come from here (the QuoteLens measures them on chain); these functions rank routes and allocate
 * the input, where 53 bits of precision are far more than a split needs.
 *
 * Amounts are raw token units; prices are raw token1 per raw token0.
 */

/** A constant-product pair (Uniswap V2 and forks). */
export interface ConstantProductState {
  kind: 'constant-product';
  reserve0: number;
  reserve1: number;
  /** LP fee in hundredths of a basis point (3000 = 0.3 %). */
  fee: number;
}

/** An initialized tick and the liquidity that starts (positive) or ends (negative) there, going up. */
export interface TickLiquidity {
  tick: number;
  liquidityNet: number;
}

/** Concentrated liquidity (Uniswap V3, its forks, Uniswap V4): the same swap math. */
export interface ConcentratedState {
  kind: 'concentrated';
  /** sqrt(token1 per token0) in raw units (sqrtPriceX96 / 2^96). */
  sqrtPrice: number;
  tick: number;
  /** Active liquidity at the current price. */
  liquidity: number;
  fee: number;
  /** Initialized ticks read around the current one, ascending. */
  ticks: readonly TickLiquidity[];
  /**
   * The tick range the ticks were read from. Beyond it liquidity is unknown: the math assumes the active
   * liquidity carries on (the on-chain verification measures the real amount).
   */
  lowestReadTick: number;
  highestReadTick: number;
}

export type PoolState = ConstantProductState | ConcentratedState;

export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
