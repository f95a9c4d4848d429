/**
 * What every part of a bridge route shares: its legs as the quote and the status show them, and the requests
 * the bridge makes of the project's quote engine (a swap on the source chain for the depositor, a destination
 * swap for the solver).
 */
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { MIN_PROTOCOL_FEE_BPS } from '@/server/fees/fee-model';
import type { SwapQuote, SwapRequest } from '@/server/trading/swap-types';
import type { BridgeChain, BridgeToken } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';

/** One step of the route, as the quote's stats and the status details show it. */
export interface RouteLeg {
  kind: 'swap' | 'bridge';
  chain: ChainId;
  venue: string;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  amountIn: bigint;
  amountOut: bigint;
}

export const isNativeToken = (token: BridgeToken) => token.address === NATIVE_TOKEN_ADDRESS;

/** The quote engine's request for a swap on `chain` paid by the solver (the Router's least protocol fee, no integrator). */
export function solverSwapRequest(
  chain: BridgeChain,
  input: { tokenIn: string; tokenOut: string; amount: bigint; recipient?: string; slippageBps: number },
): SwapRequest {
  return {
    channel: 'bridge',
    approvalReset: 'refuse',
    side: input.tokenIn === NATIVE_TOKEN_ADDRESS ? 'BUY' : 'SELL',
    trader: chain.solver,
    tokenIn: input.tokenIn,
    tokenOut: input.tokenOut,
    amount: { raw: input.amount },
    slippageBps: input.slippageBps,
    priority: 'MEDIUM',
    fees: { protocolBps: MIN_PROTOCOL_FEE_BPS, integratorBps: 0 },
    integrator: NATIVE_TOKEN_ADDRESS,
    approval: undefined,
    requireSimulation: false,
    recipient: input.recipient,
  };
}

/** The venues a swap quote's route runs through, as one label. */
export const venuesOf = (quote: SwapQuote) => [...new Set(quote.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)))].join(' + ');

export function requireSwaps(deps: Pick<BridgeDeps, 'swaps'>, field: string): NonNullable<BridgeDeps['swaps']> {
  if (!deps.swaps) throw new AppError('NO_ROUTE', `${field}: this server cannot swap on the way (no quote engine for the bridge).`, { field });
  return deps.swaps;
}
