/**
 * An exact-output trade on EVM: the Router's `swapExactOut` over the route the exact-input search chose, asked
 * for exactly the amount wanted and bounded by `amountInMax`, the input found plus the slippage. Each leg is
 * asked for its input share of the output. Where the trader holds the bound, the call is run as the trader
 * (through the lens, after the quoted pre-trades and approval) and its own answer fixes what it spends and the
 * gas it burns; otherwise the input found stands, with the exact-input route's gas and the exact-output
 * bookkeeping on top.
 */
import { decodeFunctionResult, type Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { AppError } from '@/server/errors';
import { classifyRevert, revertDataOf } from '@/server/chains/evm/revert-reasons';
import { JsonRpcError } from '@/server/chains/json-rpc';
import type { ChosenRoute } from '@/server/routing/choose-route';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { decodeMeasuredCall, measuredCall } from '@/server/routing/lens-client';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { isBondingCurve } from '@/server/venues/evm/venue-table';
import { BPS } from '@/server/fees/fee-model';
import { tradeFailure } from '@/server/trade-failures';
import type { QuoteState } from './quote-read';
import { tradeCallData, tradeValue, type ExactOutTerms, type TradeTerms } from './quote-transactions';

/** Gas an exact-output run adds to the exact-input one of the same legs, where it is not measured. */
const EXACT_OUT_GAS = 30_000n;
const EXACT_OUT_GAS_PER_LEG = 10_000n;

export interface ExactOutRun {
  terms: ExactOutTerms;
  /** What the trade spends, fees included. */
  amountIn: bigint;
  /** The route as the exact-output call runs it: `amountOut` the amount asked, its gas. */
  route: ChosenRoute;
}

/** The input found plus the slippage, rounded up: the most the trade may spend. */
export function amountInMaxFor(amountIn: bigint, slippageBps: number): bigint {
  return (amountIn * BigInt(BPS + slippageBps) + BigInt(BPS) - 1n) / BigInt(BPS);
}

export async function runExactOut(
  chain: ConfiguredChain,
  input: { terms: TradeTerms; state: QuoteState; route: ChosenRoute; amountIn: bigint; amountOut: bigint; nowMs: number },
): Promise<ExactOutRun> {
  const { terms: tradeTerms, state, route, amountIn, amountOut, nowMs } = input;
  if (route.candidate.legs.some((leg) => leg.hops.some((hop) => isBondingCurve(hop.venue)))) {
    // A curve sells by what it is paid; the Router offers no exact output through one.
    throw new AppError('INVALID_INPUT', 'amountOut: exact output is not offered on a route through a launchpad curve. Give amount instead.', {
      field: 'amountOut',
    });
  }
  const terms = { amountOut, amountInMax: amountInMaxFor(amountIn, tradeTerms.slippageBps) };
  const exactRoute = { ...route, amountOut };
  const held = tradeTerms.tokenIn === NATIVE_TOKEN_ADDRESS ? state.nativeBalance : state.lens.balanceIn;
  if (!route.simulated || held < terms.amountInMax) {
    const legs = BigInt(route.candidate.legs.length);
    return { terms, amountIn, route: { ...exactRoute, gasUsed: route.gasUsed + EXACT_OUT_GAS + EXACT_OUT_GAS_PER_LEG * legs } };
  }
  const withExactOut = { ...tradeTerms, exactOut: terms };
  const { data } = tradeCallData(withExactOut, exactRoute, amountIn, nowMs);
  const call = measuredCall({
    trader: tradeTerms.trader,
    preCalls: state.preTradesNeeded.map(({ target, value, data: preData }) => ({ target, value, data: preData })),
    approveToken: tradeTerms.tokenIn === NATIVE_TOKEN_ADDRESS ? undefined : tradeTerms.tokenIn,
    spender: chain.routerAddress as Address,
    to: chain.routerAddress as Address,
    value: tradeValue(withExactOut, amountIn),
    data,
  });
  let answer: `0x${string}`;
  try {
    answer = await chain.rpc.request<`0x${string}`>(call.method, call.params);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    const reason = classifyRevert(revertDataOf(error));
    throw tradeFailure(reason.code, `the exact-output trade fails as the trader: ${reason.reason}`);
  }
  const measured = decodeMeasuredCall(answer);
  const spent = decodeFunctionResult({ abi: routerAbi, functionName: 'swapExactOut', data: measured.result });
  // The bound is the quoted input (what the run spent) plus the slippage, as the answer states it.
  return {
    terms: { amountOut, amountInMax: amountInMaxFor(spent, tradeTerms.slippageBps) },
    amountIn: spent,
    route: { ...exactRoute, gasUsed: measured.gasUsed },
  };
}
