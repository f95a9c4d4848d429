'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { liveQuoteOptions, quoteCountdown } from '@/components/quotes/live-quote';
import { useNow } from '@/components/swap/hooks/use-now';
import type { BridgeQuoteRequest } from '../lib/bridge-quote-request';

/**
 * The live bridge quote: asked for when the request changes (its slippage too), refreshed when it runs
 * out, and held still while `paused` (a deposit in flight keeps the quote it was signed from on screen).
 */
export function useBridgeQuote(request: BridgeQuoteRequest | undefined, { paused }: { paused: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.bridge.quote.queryOptions(
      request ?? skipToken,
      liveQuoteOptions((data: { stats: { expiresAt?: number } }) => data.stats.expiresAt, paused),
    ),
  );
  const now = useNow();
  return {
    quote: query.data,
    error: query.error,
    isFetching: query.isFetching,
    ...quoteCountdown(query.data ? query.data.stats.expiresAt : undefined, query.data ? query.dataUpdatedAt : undefined, now),
    refresh: () => void query.refetch(),
  };
}
