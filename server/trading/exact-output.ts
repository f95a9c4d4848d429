/**
 * Quotes by exact output. The Router and the Solana venues only execute exact-input trades, so an exact
 * output is an inverse search: the least input whose verified quote guarantees the requested amount. Each
 * step prices an input with the family's own exact-input quote (the same engine, the same real Router call in
 * the lens on EVM and simulation on Solana), so the answer is an ordinary quote of that input: its
 * transaction spends exactly `amountIn`, and its `amountOutMin` (what the chain enforces, slippage taken off)
 * is at least the requested amount, so the trade delivers at least that or reverts.
 *
 * The search starts from the family's local estimate (pool math, no verification) and steps along chords.
 * Outputs are concave in the input (each pool's is, and fees are linear), so the chord from the origin, or
 * from an input found short, to an input that suffices meets the amount at or after the curve does: the step
 * lands on a smaller input that still suffices. From an input short of it the chord falls short again, so the
 * step is stretched by a margin that grows each time. At most MAX_PRICINGS verified prices (one RPC request
 * each when warm) bound the RPC budget.
 */
import { AppError } from '@/server/errors';
import type { SwapQuote } from './swap-types';

/** Verified prices per exact-output quote at most: the estimate, its correction, and two more tries. */
export const MAX_PRICINGS = 4;
/** An input whose minimum passes the wanted amount by no more than 1/TOLERANCE of it is taken as it is. */
const TOLERANCE = 10_000n;
/** The first stretch of a step that fell short, in parts per million of the step (doubles each time). */
const FIRST_MARGIN_PPM = 500n;

export interface ExactOutputSearch<Q extends Pick<SwapQuote, 'amountIn' | 'amountOutMin'>> {
  /** The least output the trade must deliver, raw units of tokenOut. */
  amountOut: bigint;
  /** The family's estimate of the input that delivers it (unverified). */
  estimate: bigint;
  /** An exact-input quote of `amountIn`, verified as every quote is. */
  price(amountIn: bigint): Promise<Q>;
  /**
   * What of a quote must reach the amount: its minimum (the default: the trade itself is exact-input), or its
   * expected output where the trade is then run as an exact output bounded by the input instead.
   */
  reached?: (quote: Q) => bigint;
}

export async function searchExactOutput<Q extends Pick<SwapQuote, 'amountIn' | 'amountOutMin'>>(search: ExactOutputSearch<Q>): Promise<Q> {
  const reached = search.reached ?? ((quote: Q) => quote.amountOutMin);
  const wanted = search.amountOut;
  let amountIn = search.estimate > 0n ? search.estimate : 1n;
  let best: Q | undefined;
  /** The largest input found short of the amount, with its minimum. */
  let short: Point | undefined;
  let margin = FIRST_MARGIN_PPM;
  for (let pricing = 0; pricing < MAX_PRICINGS; pricing++) {
    const quote = await search.price(amountIn);
    const point = { amountIn, minimum: reached(quote) };
    let next: bigint;
    if (point.minimum >= wanted) {
      if (!best || quote.amountIn < best.amountIn) best = quote;
      if ((point.minimum - wanted) * TOLERANCE <= wanted) break;
      // Concavity: the chord from a short point (or from nothing at all) meets the amount at or after the curve does.
      next = chordAt(short ?? { amountIn: 0n, minimum: 0n }, point, wanted);
      if (short && next <= short.amountIn) next = short.amountIn + 1n;
    } else {
      // The chord from the origin or from an earlier short point meets the amount before the curve does: stretch it.
      const scaled = chordAt(short && short.amountIn < amountIn ? short : { amountIn: 0n, minimum: 0n }, point, wanted);
      next = scaled + ceilDiv(scaled * margin, 1_000_000n);
      margin *= 4n;
      if (!short || amountIn > short.amountIn) short = point;
    }
    if (best && next >= best.amountIn) break;
    amountIn = next;
  }
  if (!best) {
    throw new AppError(
      'NO_ROUTE',
      `amountOut: no input found that delivers ${wanted} raw units after slippage in ${MAX_PRICINGS} verified prices; the pools may hold less than that. Ask for less, or raise the slippage.`,
      { field: 'amountOut' },
    );
  }
  return best;
}

interface Point {
  amountIn: bigint;
  minimum: bigint;
}

/** Where the line through two points reaches `wanted` (rounded up); twice the input when the line is flat. */
function chordAt(from: Point, to: Point, wanted: bigint): bigint {
  const rise = to.minimum - from.minimum;
  if (rise <= 0n) return to.amountIn * 2n;
  const run = to.amountIn - from.amountIn;
  const offset = (wanted - from.minimum) * run;
  return from.amountIn + (offset >= 0n ? ceilDiv(offset, rise) : -(-offset / rise));
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
