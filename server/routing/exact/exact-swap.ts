/** One exact swap through any kind of pool: the venue's own integer math, by the state's kind. */
import { concentratedSwap } from './concentrated-swap';
import { curveSwap, pairSwap } from './constant-product';
import type { ExactPoolState, ExactSwap } from './exact-state';

/** `amount` in (exactIn) or out of the pool, token0 to token1 when `zeroForOne`. */
export function exactSwap(state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean): ExactSwap {
  switch (state.kind) {
    case 'constant-product':
      return pairSwap(state, amount, zeroForOne, exactIn);
    case 'concentrated':
      return concentratedSwap(state, amount, zeroForOne, exactIn);
    case 'curve':
      return curveSwap(state, amount, zeroForOne, exactIn);
  }
}

/** What `amountIn` buys: the venue's exact-input quote. */
export const exactAmountOut = (state: ExactPoolState, amountIn: bigint, zeroForOne: boolean) => exactSwap(state, amountIn, zeroForOne, true);

/** What `amountOut` costs: the venue's exact-output quote. */
export const exactAmountIn = (state: ExactPoolState, amountOut: bigint, zeroForOne: boolean) => exactSwap(state, amountOut, zeroForOne, false);
