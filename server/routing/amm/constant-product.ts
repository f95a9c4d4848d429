/** Uniswap V2 pricing: x·y = k with the LP fee taken from the input. */
import type { ConstantProductState } from './pool-state';

const PIPS = 1_000_000;

export function constantProductOut(state: ConstantProductState, amountIn: number, zeroForOne: boolean): number {
  const [reserveIn, reserveOut] = zeroForOne ? [state.reserve0, state.reserve1] : [state.reserve1, state.reserve0];
  if (amountIn <= 0 || reserveIn <= 0 || reserveOut <= 0) return 0;
  const withFee = amountIn * (PIPS - state.fee);
  return (withFee * reserveOut) / (reserveIn * PIPS + withFee);
}

/** Output per unit of input for an infinitesimal trade, fee included. */
export function constantProductSpot(state: ConstantProductState, zeroForOne: boolean): number {
  const [reserveIn, reserveOut] = zeroForOne ? [state.reserve0, state.reserve1] : [state.reserve1, state.reserve0];
  return reserveIn > 0 ? (reserveOut / reserveIn) * (1 - state.fee / PIPS) : 0;
}
