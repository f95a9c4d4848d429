/**
 * The choice of route among the QuoteLens' candidates: the simulated output net of the gas each route
 * costs, or, when nothing could be simulated because the trader does not hold the input, the pools' own
 * math (exact for plain tokens).
 */
import { AppError } from '@/server/errors';
import type { LevelFees } from '@/server/chains/fee-levels';
import { splitAmount } from '@/server/fees/fee-model';
import { tradeFailure } from '@/server/trade-failures';
import { classifyRevert } from '@/server/chains/evm/revert-reasons';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { tradeGasLimit } from './gas-limit';
import type { LensCandidate, LensResult } from './lens-client';
import type { RouteRequest } from './route-request';

export interface ChosenRoute {
  candidate: LensCandidate;
  amountOut: bigint;
  gasUsed: bigint;
  simulated: boolean;
}

/** The gas a route costs with nothing simulated: a rough per-leg and per-hop figure, refined by the margin. */
function estimatedGas(candidate: LensCandidate): bigint {
  const hops = candidate.legs.reduce((sum, leg) => sum + leg.hops.length, 0);
  return 90_000n + 30_000n * BigInt(candidate.legs.length) + 90_000n * BigInt(hops);
}

export function chooseRoute(lens: LensResult, request: RouteRequest, fees: LevelFees, holdsInput: boolean): ChosenRoute {
  if (lens.candidates.length === 0) {
    throw new AppError(
      'NO_ROUTE',
      'No pool connects these tokens on this chain, directly or through the wrapped native token or the stable (or a token address has no contract here). Check the token addresses and the chain.',
    );
  }
  const gasPrice = fees.maxFeePerGas;
  const affordable = (gasUsed: bigint) => request.maxTradeGas === undefined || tradeGasLimit(gasUsed) <= request.maxTradeGas;
  const simulated = lens.candidates.filter((candidate) => candidate.ok && candidate.amountOut > 0n);
  const simulatedOk = simulated.filter((candidate) => affordable(candidate.gasUsed));
  if (simulated.length > 0 && simulatedOk.length === 0) throw overBudget(request);
  if (simulatedOk.length > 0) {
    const best = maxBy(simulatedOk, (candidate) => candidate.amountOut - gasInOutput(candidate.gasUsed * gasPrice, candidate, request, lens));
    return { candidate: best, amountOut: best.amountOut, gasUsed: best.gasUsed, simulated: true };
  }
  const byPool = bestByPoolMath(lens, gasPrice, request.tokenOut);
  if (!affordable(estimatedGas(byPool))) throw overBudget(request);
  if (holdsInput) {
    if (byPool.transferBlocked) throw tradeFailure('TRANSFER_BLOCKED');
    const reason = classifyRevert(byPool.revertData);
    throw tradeFailure(reason.code === 'SIMULATION_FAILED' ? 'SIMULATION_FAILED' : reason.code, reason.reason);
  }
  if (request.requireSimulation) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      'The trader does not hold the amount to sell, so the trade cannot be simulated. Fund the wallet or lower the amount.',
      { field: 'amount' },
    );
  }
  // Priced from pool math: exact for plain tokens; a token tax is only known once the wallet holds the input.
  const amountOut =
    request.tokenOut === NATIVE_TOKEN_ADDRESS && request.tokenIn !== NATIVE_TOKEN_ADDRESS
      ? splitAmount(byPool.poolAmountOut, request.fees).net
      : byPool.poolAmountOut;
  return { candidate: byPool, amountOut, gasUsed: estimatedGas(byPool), simulated: false };
}

/**
 * The candidate whose pool-math output, net of its estimated gas in output units, is highest: how a quote that
 * cannot simulate chooses, and how an estimate (value) chooses, so the two agree with a simulated quote on the
 * route wherever the estimated gas ranks routes as the measured gas does.
 */
export function bestByPoolMath(lens: LensResult, gasPrice: bigint, tokenOut: string): LensCandidate {
  return maxBy(lens.candidates, (candidate) => {
    const gasWei = estimatedGas(candidate) * gasPrice;
    if (tokenOut === NATIVE_TOKEN_ADDRESS) return candidate.poolAmountOut - gasWei;
    return lens.amountInNative === 0n ? candidate.poolAmountOut : candidate.poolAmountOut - (gasWei * candidate.poolAmountOut) / lens.amountInNative;
  });
}

function overBudget(request: RouteRequest): AppError {
  return new AppError('NO_ROUTE', `No route between these tokens fits the gas this trade may use (a limit of ${request.maxTradeGas} gas).`);
}

/** Gas cost (native wei) in units of tokenOut, at the trade's own rate, to rank routes on output net of gas. */
function gasInOutput(gasCostWei: bigint, candidate: LensCandidate, request: RouteRequest, lens: LensResult): bigint {
  if (request.tokenOut === NATIVE_TOKEN_ADDRESS) return gasCostWei;
  if (lens.amountInNative === 0n) return 0n;
  return (gasCostWei * candidate.amountOut) / lens.amountInNative;
}

function maxBy<T extends object>(items: readonly T[], score: (item: T) => bigint): T {
  let best = items[0]!;
  let bestScore = score(best);
  for (const item of items.slice(1)) {
    const value = score(item);
    if (value > bestScore) {
      best = item;
      bestScore = value;
    }
  }
  return best;
}
