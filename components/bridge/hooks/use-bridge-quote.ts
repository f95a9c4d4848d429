'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useNow } from '@/components/swap/hooks/use-now';
import type { ChainId } from '@/server/chains/registry';

export interface BridgeQuoteRequest {
  source: ChainId;
  destination: ChainId;
  /** Raw units of the source chain's native coin. */
  amount: string;
  trader: string;
  recipient?: string;
}

const MIN_LIFETIME_MS = 5_000;
/** A quote is replaced at least this often, so its rate never drifts far from the prices. */
const MAX_LIFETIME_MS = 30_000;

/**
 * How long a quote is shown before a fresh one replaces it: until its expiry (when the server gives one),
 * measured from when it arrived so a browser clock that disagrees with the server's cannot make it refresh
 * in a loop, and at most 30 s.
 */
function lifetimeMs(expiresAt: number | undefined, receivedAt: number): number {
  if (expiresAt === undefined) return MAX_LIFETIME_MS;
  return Math.min(MAX_LIFETIME_MS, Math.max(MIN_LIFETIME_MS, expiresAt - receivedAt));
}

/**
 * The live bridge quote: asked for when the request changes, refreshed when it runs out, and held still
 * while `paused` (a deposit in flight keeps the quote it was signed from on screen).
 */
export function useBridgeQuote(request: BridgeQuoteRequest | undefined, { paused }: { paused: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.bridge.quote.queryOptions(request ?? skipToken, {
    retry: false,
    staleTime: 0,
    gcTime: MAX_LIFETIME_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (paused || !data) return false;
      const deadline = current.state.dataUpdatedAt + lifetimeMs(data.stats.expiresAt, current.state.dataUpdatedAt);
      return Math.max(1_000, deadline - Date.now());
    },
  }));
  const now = useNow();
  const lifetime = query.data ? lifetimeMs(query.data.stats.expiresAt, query.dataUpdatedAt) : undefined;
  const deadline = lifetime !== undefined ? query.dataUpdatedAt + lifetime : undefined;
  return {
    quote: query.data,
    error: query.error,
    isFetching: query.isFetching,
    // `now` ticks once a second and may predate the quote: never show more than its lifetime.
    secondsLeft: deadline !== undefined ? Math.min(Math.round(lifetime! / 1_000), Math.max(0, Math.ceil((deadline - now) / 1_000))) : undefined,
    lifetimeSeconds: lifetime !== undefined ? Math.round(lifetime / 1_000) : undefined,
    refresh: () => void query.refetch(),
  };
}
