'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { liveQuoteOptions, quoteCountdown } from '@/components/quotes/live-quote';
import type { ChainId } from '@/server/chains/registry';
import type { ApprovalSize } from '@/components/quotes/approval-setting';
import { useNow } from './use-now';

export type Priority = 'LOW' | 'MEDIUM' | 'HIGH' | 'INSTANT';

export interface QuoteRequest {
  chain: ChainId;
  tokenIn: string;
  tokenOut: string;
  /** Raw units of tokenIn, or a percentage of the trader's balance such as "50%". */
  amount?: string;
  /** Instead of amount: raw units of tokenOut to receive (exact output; the quote finds the input). */
  amountOut?: string;
  /** Basis points. */
  slippage: number;
  priority: Priority;
  trader?: string;
  /** Quote a honeypot buy (with its warning) instead of refusing it. */
  acceptRisk?: boolean;
  /** The size of the approval a token sale needs (asked only with a trader). */
  approval?: ApprovalSize;
}

/**
 * The live quote for the form: asked for when the request changes, refreshed when it expires, and held
 * still while `paused` (a swap in flight keeps the quote it was started with on screen).
 */
export function useSwapQuote(request: QuoteRequest | undefined, { paused }: { paused: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.v2.quote.queryOptions(
      request ?? skipToken,
      liveQuoteOptions((data: { expiresAt: number }) => data.expiresAt, paused),
    ),
  );
  const now = useNow();
  return {
    quote: query.data,
    error: query.error,
    isFetching: query.isFetching,
    ...quoteCountdown(query.data ? query.data.expiresAt : undefined, query.data ? query.dataUpdatedAt : undefined, now),
    refresh: () => void query.refetch(),
  };
}
