/**
 * SqrtPriceMath (Uniswap V3 core; PancakeSwap V3's is the same, V4's differs only in how it reverts): the next
 * sqrt price after an amount of either token goes in or out at a liquidity, and the amount of each token
 * between two sqrt prices, each rounded the way the contract rounds it (the pool never gives away a unit:
 * inputs up, outputs down, prices so that they never pass a target the amount did not pay for).
 */
import { check, divRoundingUp, MAX_UINT160, MAX_UINT256, mulDiv, mulDivRoundingUp, Q96, toUint160 } from './full-math';

/** getNextSqrtPriceFromAmount0RoundingUp: token0 added (price down) or removed (price up). */
function nextSqrtPriceFromAmount0(sqrtPX96: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (amount === 0n) return sqrtPX96;
  const numerator1 = liquidity << 96n;
  const product = amount * sqrtPX96;
  if (add) {
    // The precise form while amount·sqrtP and its sum with numerator1 fit a word, else the cheaper bound.
    if (product <= MAX_UINT256 && numerator1 + product <= MAX_UINT256) {
      return mulDivRoundingUp(numerator1, sqrtPX96, numerator1 + product) & MAX_UINT160;
    }
    const denominator = numerator1 / sqrtPX96 + amount;
    check(denominator <= MAX_UINT256, 'add overflow');
    return divRoundingUp(numerator1, denominator) & MAX_UINT160;
  }
  check(product <= MAX_UINT256 && numerator1 > product, 'price overflow');
  return toUint160(mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product));
}

/** getNextSqrtPriceFromAmount1RoundingDown: token1 added (price up) or removed (price down). */
function nextSqrtPriceFromAmount1(sqrtPX96: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (add) {
    // (amount << 96) / L below 2^160, FullMath.mulDiv above: the same floor, with mulDiv's overflow check.
    const quotient = amount <= MAX_UINT160 ? (amount << 96n) / liquidity : mulDiv(amount, Q96, liquidity);
    const sum = sqrtPX96 + quotient;
    check(sum <= MAX_UINT256, 'add overflow');
    return toUint160(sum);
  }
  const quotient = amount <= MAX_UINT160 ? divRoundingUp(amount << 96n, liquidity) : mulDivRoundingUp(amount, Q96, liquidity);
  check(sqrtPX96 > quotient, 'not enough liquidity');
  return sqrtPX96 - quotient;
}

/** getNextSqrtPriceFromInput: rounded so that the price does not pass the target the input pays for. */
export function getNextSqrtPriceFromInput(sqrtPX96: bigint, liquidity: bigint, amountIn: bigint, zeroForOne: boolean): bigint {
  check(sqrtPX96 > 0n && liquidity > 0n, 'invalid price or liquidity');
  return zeroForOne ? nextSqrtPriceFromAmount0(sqrtPX96, liquidity, amountIn, true) : nextSqrtPriceFromAmount1(sqrtPX96, liquidity, amountIn, true);
}

/** getNextSqrtPriceFromOutput: rounded so that the price passes the target the output needs. */
export function getNextSqrtPriceFromOutput(sqrtPX96: bigint, liquidity: bigint, amountOut: bigint, zeroForOne: boolean): bigint {
  check(sqrtPX96 > 0n && liquidity > 0n, 'invalid price or liquidity');
  return zeroForOne ? nextSqrtPriceFromAmount1(sqrtPX96, liquidity, amountOut, false) : nextSqrtPriceFromAmount0(sqrtPX96, liquidity, amountOut, false);
}

/** getAmount0Delta: L·(1/√A − 1/√B) in token0, rounded up in two stages or down, as the contract does. */
export function getAmount0Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lower, upper] = sqrtRatioAX96 > sqrtRatioBX96 ? [sqrtRatioBX96, sqrtRatioAX96] : [sqrtRatioAX96, sqrtRatioBX96];
  check(lower > 0n, 'invalid price');
  const numerator1 = liquidity << 96n;
  const numerator2 = upper - lower;
  return roundUp ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, upper), lower) : mulDiv(numerator1, numerator2, upper) / lower;
}

/** getAmount1Delta: L·(√B − √A) in token1. */
export function getAmount1Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const difference = sqrtRatioAX96 > sqrtRatioBX96 ? sqrtRatioAX96 - sqrtRatioBX96 : sqrtRatioBX96 - sqrtRatioAX96;
  return roundUp ? mulDivRoundingUp(liquidity, difference, Q96) : mulDiv(liquidity, difference, Q96);
}
