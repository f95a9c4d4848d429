/**
 * The integer libraries against the vectors of Uniswap's own tests (node_modules/@uniswap/v4-core/test/libraries:
 * TickMath.t.sol, SqrtPriceMath.t.sol, SwapMath.t.sol, TickBitmap.t.sol) and the V3/V4 step difference.
 */
import { describe, expect, it } from 'vitest';
import { divRoundingUp, MAX_UINT256, mulDiv, mulDivRoundingUp, VenueRevert } from './full-math';
import { getAmount0Delta, getAmount1Delta, getNextSqrtPriceFromInput, getNextSqrtPriceFromOutput } from './sqrt-price-math';
import { computeSwapStep } from './swap-step';
import { getSqrtRatioAtTick, getTickAtSqrtRatio, MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from './tick-math';

const SQRT_PRICE_1_1 = 79228162514264337593543950336n;
const SQRT_PRICE_1_4 = 39614081257132168796771975168n;
const SQRT_PRICE_101_100 = 79623317895830914510639640423n;
const SQRT_PRICE_1000_100 = 250541448375047931186413801569n;
const SQRT_PRICE_10000_100 = 792281625142643375935439503360n;
const SQRT_PRICE_121_100 = 87150978765690771352898345369n;
const ETHER = 10n ** 18n;

describe('TickMath', () => {
  it('gives the bounds and their neighbours', () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO);
    expect(getSqrtRatioAtTick(MIN_TICK + 1)).toBe(4295343490n);
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO);
    expect(getSqrtRatioAtTick(MAX_TICK - 1)).toBe(1461373636630004318706518188784493106690254656249n);
    expect(getSqrtRatioAtTick(0)).toBe(1n << 96n);
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK);
    expect(getTickAtSqrtRatio(4295343490n)).toBe(MIN_TICK + 1);
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1);
    expect(getTickAtSqrtRatio(1461373636630004318706518188784493106690254656249n)).toBe(MAX_TICK - 1);
    expect(getTickAtSqrtRatio(1n << 96n)).toBe(0);
  });

  it('refuses ticks and prices out of bounds, as the contract reverts', () => {
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(VenueRevert);
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow(VenueRevert);
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow(VenueRevert);
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(VenueRevert);
  });

  it('finds each tick from its own price and the price one unit below the next (the fuzz test, on a sample)', () => {
    for (let tick = MIN_TICK; tick < MAX_TICK; tick += 7919) {
      const price = getSqrtRatioAtTick(tick);
      expect(getTickAtSqrtRatio(price)).toBe(tick);
      expect(getTickAtSqrtRatio(getSqrtRatioAtTick(tick + 1) - 1n)).toBe(tick);
      if (tick > MIN_TICK) expect(getTickAtSqrtRatio(price - 1n)).toBe(tick - 1);
    }
  });
});

describe('FullMath', () => {
  it('rounds down, up, and reverts past 256 bits', () => {
    expect(mulDiv(7n, 3n, 2n)).toBe(10n);
    expect(mulDivRoundingUp(7n, 3n, 2n)).toBe(11n);
    expect(mulDivRoundingUp(6n, 3n, 2n)).toBe(9n);
    expect(mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256);
    expect(() => mulDiv(MAX_UINT256, 2n, 1n)).toThrow(VenueRevert);
    expect(() => mulDivRoundingUp(MAX_UINT256, MAX_UINT256 - 1n, MAX_UINT256 - 2n)).toThrow(VenueRevert);
    expect(() => mulDiv(1n, 1n, 0n)).toThrow(VenueRevert);
    expect(divRoundingUp(7n, 2n)).toBe(4n);
    expect(divRoundingUp(1n, 0n)).toBe(0n);
  });
});

describe('SqrtPriceMath', () => {
  it('moves the price by an input', () => {
    expect(getNextSqrtPriceFromInput(SQRT_PRICE_1_1, ETHER, ETHER / 10n, false)).toBe(SQRT_PRICE_121_100);
    expect(getNextSqrtPriceFromInput(SQRT_PRICE_1_1, ETHER, ETHER / 10n, true)).toBe(72025602285694852357767227579n);
    expect(getNextSqrtPriceFromInput(SQRT_PRICE_1_1, 10n * ETHER, 2n ** 100n, true)).toBe(624999999995069620n);
    // amount·sqrtP overflows a word: the cheaper bound.
    expect(getNextSqrtPriceFromInput(SQRT_PRICE_1_1, 1n, MAX_UINT256 / 2n, true)).toBe(1n);
    expect(getNextSqrtPriceFromInput(SQRT_PRICE_1_1, ETHER, 0n, true)).toBe(SQRT_PRICE_1_1);
    const sqrtP = 1025574284609383690408304870162715216695788925244n;
    const liquidity = 50015962439936049619261659728067971248n;
    const sqrtQ = getNextSqrtPriceFromInput(sqrtP, liquidity, 406n, true);
    expect(sqrtQ).toBe(1025574284609383582644711336373707553698163132913n);
    expect(getAmount0Delta(sqrtQ, sqrtP, liquidity, true)).toBe(406n);
  });

  it('moves the price by an output, and reverts at the virtual reserves', () => {
    const price = 20282409603651670423947251286016n;
    expect(getNextSqrtPriceFromOutput(price, 1024n, 262143n, true)).toBe(77371252455336267181195264n);
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262144n, true)).toThrow(VenueRevert);
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 4n, false)).toThrow(VenueRevert);
    expect(getNextSqrtPriceFromOutput(SQRT_PRICE_1_1, ETHER, ETHER / 10n, false)).toBe(88031291682515930659493278152n);
    expect(getNextSqrtPriceFromOutput(SQRT_PRICE_1_1, ETHER, ETHER / 10n, true)).toBe(71305346262837903834189555302n);
    expect(() => getNextSqrtPriceFromOutput(SQRT_PRICE_1_1, 1n, MAX_UINT256, false)).toThrow(VenueRevert);
    expect(() => getNextSqrtPriceFromOutput(SQRT_PRICE_1_1, 0n, 1n, false)).toThrow(VenueRevert);
  });

  it('rounds the deltas up and down one unit apart', () => {
    expect(getAmount0Delta(SQRT_PRICE_1_1, SQRT_PRICE_121_100, ETHER, true)).toBe(90909090909090910n);
    expect(getAmount0Delta(SQRT_PRICE_1_1, SQRT_PRICE_121_100, ETHER, false)).toBe(90909090909090909n);
    expect(getAmount1Delta(SQRT_PRICE_1_1, SQRT_PRICE_121_100, ETHER, true)).toBe(100000000000000000n);
    expect(getAmount1Delta(SQRT_PRICE_1_1, SQRT_PRICE_121_100, ETHER, false)).toBe(99999999999999999n);
    const [low, high] = [2787593149816327892691964784081045188247552n, 22300745198530623141535718272648361505980416n];
    expect(getAmount0Delta(low, high, ETHER, true)).toBe(getAmount0Delta(low, high, ETHER, false) + 1n);
    expect(getAmount0Delta(SQRT_PRICE_1_1, SQRT_PRICE_1_1, ETHER, true)).toBe(0n);
    expect(getAmount1Delta(SQRT_PRICE_1_1, SQRT_PRICE_121_100, 0n, true)).toBe(0n);
  });
});

describe('SwapMath.computeSwapStep', () => {
  const step = (engine: 'v3' | 'v4', current: bigint, target: bigint, liquidity: bigint, remaining: bigint, exactIn: boolean, fee: number) =>
    computeSwapStep(engine, current, target, liquidity, remaining, exactIn, fee);

  it('matches the V4 test vectors, capped at the target and spent whole', () => {
    for (const engine of ['v3', 'v4'] as const) {
      const capped = step(engine, SQRT_PRICE_1_1, SQRT_PRICE_101_100, 2n * ETHER, ETHER, true, 600);
      expect(capped).toEqual({ sqrtPriceNextX96: SQRT_PRICE_101_100, amountIn: 9975124224178055n, amountOut: 9925619580021728n, feeAmount: 5988667735148n });
      const cappedOut = step(engine, SQRT_PRICE_1_1, SQRT_PRICE_101_100, 2n * ETHER, ETHER, false, 600);
      expect(cappedOut).toEqual(capped);
      const spent = step(engine, SQRT_PRICE_1_1, SQRT_PRICE_1000_100, 2n * ETHER, ETHER, true, 600);
      expect(spent.amountIn + spent.feeAmount).toBe(ETHER);
      expect(spent.amountOut).toBe(666399946655997866n);
      const received = step(engine, SQRT_PRICE_1_1, SQRT_PRICE_10000_100, 2n * ETHER, ETHER, false, 600);
      expect([received.amountIn, received.feeAmount, received.amountOut]).toEqual([2n * ETHER, 1200720432259356n, ETHER]);
      const target1 = step(engine, 2n, 1n, 1n, 3915081100057732413702495386755767n, true, 1);
      expect([target1.amountIn, target1.feeAmount, target1.amountOut, target1.sqrtPriceNextX96]).toEqual([SQRT_PRICE_1_4, 39614120871253040049813n, 0n, 1n]);
    }
    const spentV4 = step('v4', SQRT_PRICE_1_1, SQRT_PRICE_1000_100, 2n * ETHER, ETHER, true, 600);
    expect([spentV4.amountIn, spentV4.feeAmount]).toEqual([999400000000000000n, 600000000000000n]);
  });

  it('caps the output at what is left, and survives intermediate insufficient liquidity', () => {
    for (const engine of ['v3', 'v4'] as const) {
      const capped = step(engine, 417332158212080721273783715441582n, 1452870262520218020823638996n, 159344665391607089467575320103n, 1n, false, 1);
      expect(capped).toEqual({ sqrtPriceNextX96: 417332158212080721273783715441581n, amountIn: 1n, amountOut: 1n, feeAmount: 1n });
      const sqrtP = 20282409603651670423947251286016n;
      const down = step(engine, sqrtP, (sqrtP * 11n) / 10n, 1024n, 4n, false, 3000);
      expect([down.amountOut, down.sqrtPriceNextX96, down.amountIn, down.feeAmount]).toEqual([0n, (sqrtP * 11n) / 10n, 26215n, 79n]);
      const up = step(engine, sqrtP, (sqrtP * 9n) / 10n, 1024n, 263000n, false, 3000);
      expect([up.amountOut, up.sqrtPriceNextX96, up.amountIn, up.feeAmount]).toEqual([26214n, (sqrtP * 9n) / 10n, 1n, 1n]);
    }
  });

  it('splits a step that stops short differently in V3 (input from the price) and V4 (input less fee), same total', () => {
    const v3 = step('v3', 2413n, 79887613182836312n, 1985041575832132834610021537970n, 10n, true, 1872);
    const v4 = step('v4', 2413n, 79887613182836312n, 1985041575832132834610021537970n, 10n, true, 1872);
    expect([v3.amountIn, v3.feeAmount, v3.amountOut, v3.sqrtPriceNextX96]).toEqual([0n, 10n, 0n, 2413n]);
    expect([v4.amountIn, v4.feeAmount, v4.amountOut, v4.sqrtPriceNextX96]).toEqual([9n, 1n, 0n, 2413n]);
  });
});
