/**
 * The two fee models, turned into the basis points the Router takes (`protocolFeeBps`, `integratorFeeBps`),
 * and the Router's own fee arithmetic, so quotes match what the chain pays to the wei.
 *
 * - v2: 10 bps protocol fee on every swap, plus `fee` bps (0 or 10..500) split 80 % integrator / 20 % protocol.
 * - v1: 15 bps base, plus `fee` bps split 70 % integrator / 30 % protocol (fee 100: integrator 70, protocol 45).
 *
 * The integrator's share is rounded down to a whole bp and the protocol keeps the rest, so the two always
 * add up to base + fee.
 */

export type FeeModelVersion = 'v1' | 'v2';

export interface FeeSplit {
  protocolBps: number;
  integratorBps: number;
}

/** The Router's denominator and its floor on the protocol fee (`MIN_PROTOCOL_FEE_BPS`). */
export const BPS = 10_000;
export const MIN_PROTOCOL_FEE_BPS = 10;

interface FeeModel {
  baseBps: number;
  integratorPercent: number;
  /** The integrator fees allowed, in bps: inclusive ranges (the API contract validates and documents these). */
  feeRanges: readonly (readonly [min: number, max: number])[];
  /** What the caller is told when a fee is outside them: the allowed fees and why. */
  allowed: string;
}

const MODELS: Readonly<Record<FeeModelVersion, FeeModel>> = {
  v2: {
    baseBps: 10,
    integratorPercent: 80,
    feeRanges: [
      [0, 0],
      [10, 500],
    ],
    allowed: 'must be 0, or from 10 to 500 basis points',
  },
  // The Router refuses fees above 100 % of the trade, and the 15 bps base comes first.
  v1: {
    baseBps: 15,
    integratorPercent: 70,
    feeRanges: [[0, BPS - 15]],
    allowed: `must be from 0 to ${BPS - 15} basis points: the 15 bps base fee is added to it, and the two together cannot take more than 100 % (10 000 bps) of the trade`,
  },
};

/** The integrator fees a version allows (inclusive bps ranges) and the words that say so. */
export function integratorFeeRule(version: FeeModelVersion): Pick<FeeModel, 'feeRanges' | 'allowed'> {
  const { feeRanges, allowed } = MODELS[version];
  return { feeRanges, allowed };
}

export function feeSplit(version: FeeModelVersion, feeBps: number): FeeSplit {
  const model = MODELS[version];
  if (!model) throw new RangeError(`unknown fee model ${String(version)}`);
  if (!Number.isInteger(feeBps) || !model.feeRanges.some(([min, max]) => feeBps >= min && feeBps <= max)) {
    throw new RangeError(`${feeBps} bps is not allowed: ${model.allowed}`);
  }
  const integratorBps = Math.floor((feeBps * model.integratorPercent) / 100);
  return { protocolBps: model.baseBps + feeBps - integratorBps, integratorBps };
}

/** `amount * bps / 10000` rounded down, exactly as the Router computes each fee. */
export function applyFee(amount: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0 || bps > BPS) throw new RangeError(`fee of ${bps} bps is out of range`);
  if (amount < 0n) throw new RangeError('amount must not be negative');
  return (amount * BigInt(bps)) / BigInt(BPS);
}

/** The Router's `previewFees`: both fees rounded down separately, the rest goes to the swap (or recipient). */
export function splitAmount(amount: bigint, split: FeeSplit): { protocolFee: bigint; integratorFee: bigint; net: bigint } {
  if (split.protocolBps + split.integratorBps > BPS) throw new RangeError('fees exceed 100 %');
  const protocolFee = applyFee(amount, split.protocolBps);
  const integratorFee = applyFee(amount, split.integratorBps);
  return { protocolFee, integratorFee, net: amount - protocolFee - integratorFee };
}

/**
 * The Router's `previewExactOutFees`: each fee rounded up on `amount` over what the fees leave
 * (`ceil(amount·bps / (10000 − both))`), so `amount` is exactly what is left of `gross`. Input side, `amount`
 * is what the legs of an exact-output swap spent; output side (token to native), the `amountOut` delivered.
 */
export function exactOutFees(amount: bigint, split: FeeSplit): { protocolFee: bigint; integratorFee: bigint; gross: bigint } {
  const left = BigInt(BPS - split.protocolBps - split.integratorBps);
  if (left <= 0n) throw new RangeError('fees of 100 % leave nothing to deliver');
  const fee = (bps: number) => (amount * BigInt(bps) + left - 1n) / left;
  const [protocolFee, integratorFee] = [fee(split.protocolBps), fee(split.integratorBps)];
  return { protocolFee, integratorFee, gross: amount + protocolFee + integratorFee };
}

/** The input-side fees inside an exact-output swap's `gross` spend: the `amount` whose `exactOutFees` make it. */
export function exactOutFeesWithin(gross: bigint, split: FeeSplit): { protocolFee: bigint; integratorFee: bigint; net: bigint } {
  let amount = (gross * BigInt(BPS - split.protocolBps - split.integratorBps)) / BigInt(BPS);
  // Rounding up each fee puts the answer within a few units of the estimate: step to the largest that fits.
  while (amount > 0n && exactOutFees(amount, split).gross > gross) amount--;
  while (exactOutFees(amount + 1n, split).gross <= gross) amount++;
  const { protocolFee, integratorFee } = exactOutFees(amount, split);
  return { protocolFee, integratorFee, net: amount };
}
