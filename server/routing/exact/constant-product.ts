/**
 * Constant-product swaps in integers: a V2 pair as the Router prices a hop through it (UniswapV2Venue.sol, fee
 * in hundredths of a bip; for Uniswap V2's 3000 and PancakeSwap V2's 2500 the same numbers as their routers'
 * 997/1000 and 9975/10000), and the launchpad's curve (Launchpad.sol's `_amountOut`, its sell cap).
 */
import { divRoundingUp } from './full-math';
import { failed, type ExactCurveState, type ExactPairState, type ExactSwap } from './exact-state';

const PIPS = 1_000_000n;

/** `amountIn·(1e6 − fee)·reserveOut / (reserveIn·1e6 + amountIn·(1e6 − fee))`, rounded down. */
export function amountOutOf(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, fee: number): bigint {
  if (amountIn === 0n || reserveIn === 0n || reserveOut === 0n) return 0n;
  const inWithFee = amountIn * (PIPS - BigInt(fee));
  return (inWithFee * reserveOut) / (reserveIn * PIPS + inWithFee);
}

/** The Router's `_v2AmountIn`: `reserveIn·out·1e6 / ((reserveOut − out)·(1e6 − fee)) + 1`. */
export function amountInOf(amountOut: bigint, reserveIn: bigint, reserveOut: bigint, fee: number): bigint {
  return (reserveIn * amountOut * PIPS) / ((reserveOut - amountOut) * (PIPS - BigInt(fee))) + 1n;
}

const reservesOf = (state: { reserve0: bigint; reserve1: bigint }, zeroForOne: boolean) =>
  zeroForOne ? ([state.reserve0, state.reserve1] as const) : ([state.reserve1, state.reserve0] as const);

function movedReserves<State extends { reserve0: bigint; reserve1: bigint }>(state: State, zeroForOne: boolean, amountIn: bigint, amountOut: bigint): State {
  return zeroForOne
    ? { ...state, reserve0: state.reserve0 + amountIn, reserve1: state.reserve1 - amountOut }
    : { ...state, reserve0: state.reserve0 - amountOut, reserve1: state.reserve1 + amountIn };
}

/** A V2 pair's swap, exact input or exact output, as the Router runs the hop. */
export function pairSwap(state: ExactPairState, amount: bigint, zeroForOne: boolean, exactIn: boolean): ExactSwap<ExactPairState> {
  if (amount <= 0n) return failed('invalid-amount');
  const [reserveIn, reserveOut] = reservesOf(state, zeroForOne);
  if (exactIn) {
    const amountOut = amountOutOf(amount, reserveIn, reserveOut, state.fee);
    return { ok: true, amountIn: amount, amountOut, after: movedReserves(state, zeroForOne, amount, amountOut), ticksCrossed: 0 };
  }
  // The Router: a pair that does not hold more than the output cannot deliver it (IncompleteSwap).
  if (amount >= reserveOut) return failed('insufficient-liquidity');
  const amountIn = amountInOf(amount, reserveIn, reserveOut, state.fee);
  return { ok: true, amountIn, amountOut: amount, after: movedReserves(state, zeroForOne, amountIn, amount), ticksCrossed: 0 };
}

/**
 * A swap along a launchpad curve. Exact input is the launchpad's `buy`/`sell` (a sell paying out more than the
 * curve raised reverts, and `quoteSell` gives 0). Exact output, which neither the launchpad nor the Router
 * offers (a curve is traded exact-in only), is the least input whose output reaches the amount:
 * ceil(reserveIn·out·1e6 / ((reserveOut − out)·(1e6 − fee))).
 */
export function curveSwap(state: ExactCurveState, amount: bigint, zeroForOne: boolean, exactIn: boolean): ExactSwap<ExactCurveState> {
  if (amount <= 0n) return failed('invalid-amount');
  const [reserveIn, reserveOut] = reservesOf(state, zeroForOne);
  const sell = zeroForOne !== state.nativeIsToken0;
  if (sell && state.raisedNative === undefined) return failed('unknown-sell-cap');
  let amountIn = amount;
  let amountOut: bigint;
  if (exactIn) {
    amountOut = amountOutOf(amount, reserveIn, reserveOut, state.fee);
  } else {
    if (amount >= reserveOut) return failed('insufficient-liquidity');
    amountOut = amount;
    amountIn = divRoundingUp(reserveIn * amount * PIPS, (reserveOut - amount) * (PIPS - BigInt(state.fee)));
  }
  if (sell && amountOut > state.raisedNative!) return failed('insufficient-liquidity');
  const raisedNative = state.raisedNative === undefined ? undefined : sell ? state.raisedNative - amountOut : state.raisedNative + amountIn;
  return { ok: true, amountIn, amountOut, after: { ...movedReserves(state, zeroForOne, amountIn, amountOut), raisedNative }, ticksCrossed: 0 };
}
