/**
 * SwapMath.computeSwapStep: one step of a concentrated swap, from the current sqrt price toward a target (the
 * next initialized tick, a word's edge or the price limit) at one liquidity, for what is left of the amount.
 * Uniswap V3 (and PancakeSwap V3) and Uniswap V4 agree on every amount but one: on an exact-input step that
 * stops short of its target, V3 recomputes the input from the new price and counts the rest as fee, V4 counts
 * the whole input less fee as input. Both take the same total, so only their split differs; the two are kept
 * apart anyway, each as its contract writes it, and V4's exact output sets the output to what is left without
 * recomputing it.
 */
import { mulDiv, mulDivRoundingUp } from './full-math';
import type { ConcentratedEngine } from './exact-state';
import { getAmount0Delta, getAmount1Delta, getNextSqrtPriceFromInput, getNextSqrtPriceFromOutput } from './sqrt-price-math';

const PIPS = 1_000_000n;

export interface SwapStep {
  sqrtPriceNextX96: bigint;
  amountIn: bigint;
  amountOut: bigint;
  feeAmount: bigint;
}

/** Input needed to move the price from `current` to `target` (rounded up), or output it yields (rounded down). */
function inputBetween(current: bigint, target: bigint, liquidity: bigint, zeroForOne: boolean): bigint {
  return zeroForOne ? getAmount0Delta(target, current, liquidity, true) : getAmount1Delta(current, target, liquidity, true);
}

function outputBetween(current: bigint, target: bigint, liquidity: bigint, zeroForOne: boolean): bigint {
  return zeroForOne ? getAmount1Delta(target, current, liquidity, false) : getAmount0Delta(current, target, liquidity, false);
}

/** Uniswap V3's computeSwapStep; `remaining` is what is left to pay in (exactIn) or to receive. */
function computeSwapStepV3(current: bigint, target: bigint, liquidity: bigint, remaining: bigint, exactIn: boolean, feePips: bigint): SwapStep {
  const zeroForOne = current >= target;
  let next: bigint;
  let amountIn = 0n;
  let amountOut = 0n;
  if (exactIn) {
    const remainingLessFee = mulDiv(remaining, PIPS - feePips, PIPS);
    amountIn = inputBetween(current, target, liquidity, zeroForOne);
    next = remainingLessFee >= amountIn ? target : getNextSqrtPriceFromInput(current, liquidity, remainingLessFee, zeroForOne);
  } else {
    amountOut = outputBetween(current, target, liquidity, zeroForOne);
    next = remaining >= amountOut ? target : getNextSqrtPriceFromOutput(current, liquidity, remaining, zeroForOne);
  }
  const max = next === target;
  if (!(max && exactIn)) amountIn = inputBetween(current, next, liquidity, zeroForOne);
  if (!(max && !exactIn)) amountOut = outputBetween(current, next, liquidity, zeroForOne);
  if (!exactIn && amountOut > remaining) amountOut = remaining;
  const feeAmount = exactIn && next !== target ? remaining - amountIn : mulDivRoundingUp(amountIn, feePips, PIPS - feePips);
  return { sqrtPriceNextX96: next, amountIn, amountOut, feeAmount };
}

/** Uniswap V4's computeSwapStep, same arguments (V4 itself signs the amount the other way). */
function computeSwapStepV4(current: bigint, target: bigint, liquidity: bigint, remaining: bigint, exactIn: boolean, feePips: bigint): SwapStep {
  const zeroForOne = current >= target;
  if (exactIn) {
    const remainingLessFee = mulDiv(remaining, PIPS - feePips, PIPS);
    const toTarget = inputBetween(current, target, liquidity, zeroForOne);
    if (remainingLessFee >= toTarget) {
      const feeAmount = feePips === PIPS ? toTarget : mulDivRoundingUp(toTarget, feePips, PIPS - feePips);
      return { sqrtPriceNextX96: target, amountIn: toTarget, amountOut: outputBetween(current, target, liquidity, zeroForOne), feeAmount };
    }
    const next = getNextSqrtPriceFromInput(current, liquidity, remainingLessFee, zeroForOne);
    const amountOut = outputBetween(current, next, liquidity, zeroForOne);
    return { sqrtPriceNextX96: next, amountIn: remainingLessFee, amountOut, feeAmount: remaining - remainingLessFee };
  }
  const toTarget = outputBetween(current, target, liquidity, zeroForOne);
  const reaches = remaining >= toTarget;
  const next = reaches ? target : getNextSqrtPriceFromOutput(current, liquidity, remaining, zeroForOne);
  const amountOut = reaches ? toTarget : remaining;
  const amountIn = inputBetween(current, next, liquidity, zeroForOne);
  return { sqrtPriceNextX96: next, amountIn, amountOut, feeAmount: mulDivRoundingUp(amountIn, feePips, PIPS - feePips) };
}

/** computeSwapStep of the engine's SwapMath; `feePips` in hundredths of a basis point. */
export function computeSwapStep(
  engine: ConcentratedEngine,
  current: bigint,
  target: bigint,
  liquidity: bigint,
  remaining: bigint,
  exactIn: boolean,
  feePips: number,
): SwapStep {
  const step = engine === 'v4' ? computeSwapStepV4 : computeSwapStepV3;
  return step(current, target, liquidity, remaining, exactIn, BigInt(feePips));
}
