import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type BridgeOutputs = inferRouterOutputs<AppRouter>['bridge'];

/** One step of a quoted route: a swap on one chain, or the bridge between the two. */
export interface BridgeRouteLeg {
  kind: 'swap' | 'bridge';
  chain: string;
  /** e.g. 'uniswap-v3', or 'solver' for the bridge. */
  venue: string;
  tokenIn: string;
  tokenOut: string;
  symbolIn: string;
  symbolOut: string;
  /** Raw units of tokenIn and tokenOut. */
  amountIn: string;
  amountOut: string;
}

/** One transaction of a request, in the order they happen. */
export interface BridgeLeg {
  kind: 'approve' | 'deposit' | 'swap' | 'fill' | 'refund';
  chain: string;
  status: 'waiting' | 'pending' | 'success' | 'failure';
  txHash: string | null;
  url: string | null;
  /** Raw units of `token`. */
  amount: string | null;
  token: string | null;
}

/** The tokens of a request (the zero address for a native coin). */
interface BridgeTokens {
  tokenIn: string;
  tokenOut: string;
  symbolIn: string;
  symbolOut: string;
  decimalsIn: number;
  decimalsOut: number;
}

/*
 * Servers that bridge native coins only answer without the token fields; every reader falls back to the
 * chains' native coins when they are absent.
 */
type Quote = BridgeOutputs['quote'];
type Details = BridgeOutputs['requests']['requests'][number];
type Status = BridgeOutputs['status'];

export type BridgeQuote = Omit<Quote, 'stats'> & { stats: Quote['stats'] & Partial<BridgeTokens> & { route?: BridgeRouteLeg[] } };
export type BridgeDetails = Details & Partial<BridgeTokens> & { legs?: BridgeLeg[] };
export type BridgeStatus = Omit<Status, 'details'> & { details?: BridgeDetails };
