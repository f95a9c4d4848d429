/**
 * A concentrated pool's swap as its contract runs it (UniswapV3Pool.swap, PancakeV3Pool.swap, V4's Pool.swap):
 * steps from tick to tick (tick-walk.ts), each priced by the engine's computeSwapStep, crossing initialized
 * ticks on the way, with no price limit but the Router's (TickMath's bounds, one unit inside). The V3 pools'
 * protocol fee is a share of the LP fee and moves no amount; V4's enters through the state's `fee`.
 *
 * An amount the pool cannot take whole (or deliver whole) is `insufficient-liquidity`: the Router reverts on it
 * (IncompleteSwap), as V4Quoter and the PancakeSwap quoter do.
 */
import { addDelta, VenueRevert } from './full-math';
import { failed, type ExactConcentratedState, type ExactSwap } from './exact-state';
import { computeSwapStep } from './swap-step';
import { getSqrtRatioAtTick, getTickAtSqrtRatio, MAX_SQRT_RATIO, MIN_SQRT_RATIO } from './tick-math';
import { nextTickWithinOneWord } from './tick-walk';

/** The Router's and the quoters' price limits when none is given: TickMath's bounds, one unit inside. */
export const MIN_SQRT_PRICE_LIMIT = MIN_SQRT_RATIO + 1n;
export const MAX_SQRT_PRICE_LIMIT = MAX_SQRT_RATIO - 1n;

const MAX_SWAP_FEE = 1_000_000;

interface Walk {
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  /** Exact-in: input left to pay in; exact-out: output left to receive. */
  remaining: bigint;
  /** Exact-in: output so far; exact-out: input so far (fees included). */
  calculated: bigint;
  ticksCrossed: number;
}

/** Walks the swap to its end; undefined when a step reaches the read bound. */
function walk(state: ExactConcentratedState, amount: bigint, zeroForOne: boolean, exactIn: boolean): Walk | undefined {
  const limit = zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT;
  const at: Walk = { sqrtPriceX96: state.sqrtPriceX96, tick: state.tick, liquidity: state.liquidity, remaining: amount, calculated: 0n, ticksCrossed: 0 };
  while (at.remaining !== 0n && at.sqrtPriceX96 !== limit) {
    const start = at.sqrtPriceX96;
    const next = nextTickWithinOneWord(state, at.tick, zeroForOne);
    if (!next) return undefined;
    const sqrtPriceNext = getSqrtRatioAtTick(next.tick);
    // A read bound at or behind the price gives no step to stand in for the pool's.
    if (next.atReadBound && (zeroForOne ? sqrtPriceNext >= start : sqrtPriceNext <= start)) return undefined;
    const target = zeroForOne ? (sqrtPriceNext < limit ? limit : sqrtPriceNext) : sqrtPriceNext > limit ? limit : sqrtPriceNext;
    const step = computeSwapStep(state.engine, start, target, at.liquidity, at.remaining, exactIn, state.fee);
    at.sqrtPriceX96 = step.sqrtPriceNextX96;
    at.remaining -= exactIn ? step.amountIn + step.feeAmount : step.amountOut;
    at.calculated += exactIn ? step.amountOut : step.amountIn + step.feeAmount;
    if (next.atReadBound && (zeroForOne ? at.sqrtPriceX96 <= sqrtPriceNext : at.sqrtPriceX96 >= sqrtPriceNext)) return undefined;
    if (at.sqrtPriceX96 === sqrtPriceNext) {
      if (next.initialized) {
        at.liquidity = addDelta(at.liquidity, zeroForOne ? -next.liquidityNet : next.liquidityNet);
        at.ticksCrossed++;
      }
      at.tick = zeroForOne ? next.tick - 1 : next.tick;
    } else if (at.sqrtPriceX96 !== start) {
      at.tick = getTickAtSqrtRatio(at.sqrtPriceX96);
    }
  }
  return at;
}

/**
 * The pool's swap of `amount` (exact input when `exactIn`, else exact output) from token0 to token1 when
 * `zeroForOne`: both amounts and the pool's state after it.
 */
export function concentratedSwap(state: ExactConcentratedState, amount: bigint, zeroForOne: boolean, exactIn: boolean): ExactSwap<ExactConcentratedState> {
  if (amount <= 0n) return failed('invalid-amount');
  if (state.engine === 'v4' && !exactIn && state.fee >= MAX_SWAP_FEE) return failed('reverts');
  // The pools refuse a limit at or past the current price (V3 'SPL', V4 PriceLimitAlreadyExceeded).
  if (zeroForOne ? state.sqrtPriceX96 <= MIN_SQRT_PRICE_LIMIT : state.sqrtPriceX96 >= MAX_SQRT_PRICE_LIMIT) return failed('reverts');
  let end: Walk | undefined;
  try {
    end = walk(state, amount, zeroForOne, exactIn);
  } catch (error) {
    if (error instanceof VenueRevert) return failed('reverts');
    throw error;
  }
  if (!end) return failed('beyond-read-range');
  if (end.remaining !== 0n) return failed('insufficient-liquidity');
  return {
    ok: true,
    amountIn: exactIn ? amount : end.calculated,
    amountOut: exactIn ? end.calculated : amount,
    after: { ...state, sqrtPriceX96: end.sqrtPriceX96, tick: end.tick, liquidity: end.liquidity },
    ticksCrossed: end.ticksCrossed,
  };
}
