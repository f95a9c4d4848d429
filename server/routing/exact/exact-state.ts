/**
 * A pool as the exact math sees it: the same state as amm/pool-state.ts, in integers (raw units, Q64.96 sqrt
 * prices, liquidity as the contracts store it), so that a swap priced here is, to the unit, the swap the venue
 * runs at the state's block. Where the state does not tell what the venue would do (a concentrated swap that
 * leaves the range whose ticks were read, a sell whose cap is unknown), a swap reports that it is not exactly
 * priceable instead of guessing.
 */

/** A constant-product pair (Uniswap V2, PancakeSwap V2): the Router's V2 formula with the pair's fee. */
export interface ExactPairState {
  kind: 'constant-product';
  reserve0: bigint;
  reserve1: bigint;
  /** LP fee in hundredths of a basis point, as the Router's hop carries it (Uniswap V2 3000, PancakeSwap V2 2500). */
  fee: number;
}

/** An initialized tick and the liquidity that starts (positive) or ends (negative) there, going up. */
export interface ExactTickLiquidity {
  tick: number;
  liquidityNet: bigint;
}

/**
 * Which pool contract's swap loop and SwapMath the pool runs: Uniswap V3 and PancakeSwap V3 ('v3', the same
 * libraries), Uniswap V4 ('v4', whose computeSwapStep takes the fee the other way round on a step that does not
 * reach its target, and whose exact-output swaps refuse a 100 % fee).
 */
export type ConcentratedEngine = 'v3' | 'v4';

/** Concentrated liquidity (Uniswap V3, PancakeSwap V3, Uniswap V4 without hooks). */
export interface ExactConcentratedState {
  kind: 'concentrated';
  engine: ConcentratedEngine;
  sqrtPriceX96: bigint;
  tick: number;
  /** Active liquidity at the current price. */
  liquidity: bigint;
  /**
   * The fee a swap pays, hundredths of a basis point: V3 the pool's fee (a V3 protocol fee is a cut of it and
   * changes no amount); V4 the swap fee, the LP fee combined with any protocol fee (ProtocolFeeLibrary).
   */
  fee: number;
  tickSpacing: number;
  /** Initialized ticks read around the current one, ascending: every initialized tick in the read range. */
  ticks: readonly ExactTickLiquidity[];
  /** The tick range whose initialized ticks are all in `ticks` (PoolStateReader's read range). */
  lowestReadTick: number;
  highestReadTick: number;
}

/**
 * A launchpad bonding curve (contracts/launchpad/Launchpad.sol): V2's formula on the curve's reserves with the
 * launchpad's fee; a sell pays out at most what the curve raised.
 */
export interface ExactCurveState {
  kind: 'curve';
  /** In the pair's token order (the launch token and the wrapped native token). */
  reserve0: bigint;
  reserve1: bigint;
  fee: number;
  /** Token0 is the wrapped native token: buying is swapping token0 for token1. */
  nativeIsToken0: boolean;
  /** What the curve raised, the most a sell pays out; undefined when not read (a sell is then not priceable). */
  raisedNative: bigint | undefined;
}

export type ExactPoolState = ExactPairState | ExactConcentratedState | ExactCurveState;

/**
 * Why an amount has no exact price here:
 * - `beyond-read-range`: the swap reaches ticks the read did not cover;
 * - `insufficient-liquidity`: the pool cannot take the whole input or deliver the whole output (the Router
 *   reverts, IncompleteSwap; the launchpad's sell cap);
 * - `invalid-amount`: zero, or an amount the venue refuses (an output of zero, an input the pool rounds away);
 * - `unknown-sell-cap`: a curve sell without the curve's raised amount;
 * - `unknown-pool`: a route names a pool whose state was not given;
 * - `reverts`: the venue's arithmetic reverts (an overflow, a price out of bounds, a fee it refuses), or the
 *   Router refuses the route (a curve hop in an exact-output route).
 */
export type ExactFailure = 'beyond-read-range' | 'insufficient-liquidity' | 'invalid-amount' | 'unknown-sell-cap' | 'unknown-pool' | 'reverts';

/** A priced swap: both amounts, and the pool's state after it (for a route that meets the pool again). */
export interface ExactSwapResult<State extends ExactPoolState = ExactPoolState> {
  ok: true;
  amountIn: bigint;
  amountOut: bigint;
  after: State;
  /** Initialized ticks crossed (concentrated pools; 0 otherwise). */
  ticksCrossed: number;
}

export type ExactSwap<State extends ExactPoolState = ExactPoolState> = ExactSwapResult<State> | { ok: false; reason: ExactFailure };

export const failed = (reason: ExactFailure): { ok: false; reason: ExactFailure } => ({ ok: false, reason });
