/**
 * What a chosen route tells beyond its output: its price impact against the pools' spot prices, and the
 * token taxes its simulation revealed.
 */
import { BPS, splitAmount } from '@/server/fees/fee-model';
import { venueById } from '@/server/venues/evm/venue-table';
import type { ChosenRoute } from './choose-route';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import type { LensCandidate } from './lens-client';
import type { RouteRequest } from './route-request';
import { legAmounts } from './route-types';

export interface RouteTaxes {
  buyTax: number;
  sellTax: number;
  transferTax: number;
}

/**
 * Price impact of the route in percent, LP fees excluded: how far the pool output falls short of the input
 * at the pools' spot prices.
 */
export function priceImpact(candidate: LensCandidate, amountIn: bigint, request: RouteRequest): number {
  const ideal = spotOutput(candidate, swapInput(amountIn, request), true);
  if (ideal === 0n) return 0;
  const achieved = candidate.poolAmountOut * SCALE;
  if (achieved >= ideal) return 0;
  return round(Number(((ideal - achieved) * 1_000_000n) / ideal) / 10_000, 4);
}

/**
 * The share of the input's value that `amountOut` is worth, at the pools' spot prices (before LP fees):
 * what the input's USD value becomes on the output side, so both sides are priced the same way.
 */
export function outputValueShare(candidate: LensCandidate, amountIn: bigint, request: RouteRequest, amountOut: bigint): number {
  const swapIn = swapInput(amountIn, request);
  const atSpot = spotOutput(candidate, swapIn, false);
  if (atSpot === 0n || amountIn === 0n) return 0;
  return (Number((amountOut * SCALE * 1_000_000n) / atSpot) / 1_000_000) * (Number((swapIn * 1_000_000n) / amountIn) / 1_000_000);
}

const SCALE = 10n ** 36n;

/** What reaches the pools: the input less the fees, unless the fees come from the output. */
function swapInput(amountIn: bigint, request: RouteRequest): bigint {
  const feeOnInput = !(request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS);
  return feeOnInput ? splitAmount(amountIn, request.fees).net : amountIn;
}

/** The output at each hop's spot price (times SCALE), with or without the pools' LP fees. */
function spotOutput(candidate: LensCandidate, swapIn: bigint, lpFees: boolean): bigint {
  let ideal = 0n;
  let spotIndex = 0;
  const amounts = legAmounts(candidate.legs, swapIn);
  candidate.legs.forEach((leg, legIndex) => {
    let legIdeal = amounts[legIndex]! * SCALE;
    for (const hop of leg.hops) {
      const venue = venueById(hop.venue);
      const spot = venue.hopSpot(candidate.spot[spotIndex++] ?? [0n, 0n]);
      if (spot.denominator === 0n) continue;
      const kept = BigInt(1_000_000 - (lpFees ? venue.lpFee(hop.fee) : 0));
      legIdeal = (legIdeal * spot.numerator * kept) / (spot.denominator * 1_000_000n);
    }
    ideal += legIdeal;
  });
  return ideal;
}

/** Token taxes in percent, read from how far the simulated Router output falls below the pool output. */
export function routeTaxes(chosen: ChosenRoute, request: RouteRequest): RouteTaxes {
  const none = { buyTax: 0, sellTax: 0, transferTax: 0 };
  if (!chosen.simulated || chosen.candidate.poolAmountOut === 0n) return none;
  const nativeOut = request.tokenOut === NATIVE_TOKEN_ADDRESS && request.tokenIn !== NATIVE_TOKEN_ADDRESS;
  const delivered = nativeOut ? grossBeforeFees(chosen.amountOut, request.fees) : chosen.amountOut;
  const pool = chosen.candidate.poolAmountOut;
  if (delivered >= pool) return none;
  const percent = round(Number(((pool - delivered) * 1_000_000n) / pool) / 10_000, 2);
  return request.side === 'BUY' ? { ...none, buyTax: percent } : { ...none, sellTax: percent };
}

/** What went into the output-side fees: the net amount grossed up by the fee share kept. */
export function grossBeforeFees(net: bigint, fees: RouteRequest['fees']): bigint {
  const kept = BigInt(BPS - fees.protocolBps - fees.integratorBps);
  return kept === 0n ? net : (net * BigInt(BPS)) / kept;
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
