import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type BridgeOutputs = inferRouterOutputs<AppRouter>['bridge'];

/*
 * The token fields (tokenIn, symbolIn, decimalsIn, ..., route, legs) are extensions a request of native
 * coins may go without: every reader falls back to the chains' native coins when they are absent.
 */
export type BridgeQuote = BridgeOutputs['quote'];
export type BridgeStatus = BridgeOutputs['status'];
export type BridgeDetails = BridgeOutputs['requests']['requests'][number];
/** One step of a quoted route: a swap on one chain, or the bridge between the two. */
export type BridgeRouteLeg = NonNullable<BridgeQuote['stats']['route']>[number];
/** One transaction of a request, in the order they happen. */
export type BridgeLeg = NonNullable<BridgeDetails['legs']>[number];
