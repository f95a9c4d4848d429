'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import type { ChainId } from '@/server/chains/registry';
import { useNow } from './use-now';

export type Priority = 'LOW' | 'MEDIUM' | 'HIGH' | 'INSTANT';

export interface QuoteRequest {
  chain: ChainId;
  tokenIn: string;
  tokenOut: string;
  /** Raw units of tokenIn, or a percentage of the trader's balance such as "50%". */
  amount: string;
  /** Basis points. */
  slippage: number;
  priority: Priority;
  trader?: string;
}

const MIN_LIFETIME_MS = 5_000;
const MAX_LIFETIME_MS = 30_000;

/**
 * How long a quote is shown before a fresh one replaces it: until its expiry, measured from when it arrived
 * (so a browser clock that disagrees with the server's cannot make it refresh in a loop), at most 30 s.
 */
function lifetimeMs(expiresAt: number, receivedAt: number): number {
  return Math.min(MAX_LIFETIME_MS, Math.max(MIN_LIFETIME_MS, expiresAt - receivedAt));
}

/**
 * The live quote for the form: asked for when the request changes, refreshed when it expires, and held
 * still while `paused` (a swap in flight keeps the quote it was started with on screen).
 */
export function useSwapQuote(request: QuoteRequest | undefined, { paused }: { paused: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.v2.quote.queryOptions(request ?? skipToken, {
    retry: false,
    staleTime: 0,
    gcTime: MAX_LIFETIME_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (paused || !data) return false;
      const deadline = current.state.dataUpdatedAt + lifetimeMs(data.expiresAt, current.state.dataUpdatedAt);
      return Math.max(1_000, deadline - Date.now());
    },
  }));
  const now = useNow();
  const lifetime = query.data ? lifetimeMs(query.data.expiresAt, query.dataUpdatedAt) : undefined;
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
