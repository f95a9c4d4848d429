'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';

/** The wallet's trades as the server recorded them (newest first), on every chain. */
export function useTradeHistory(wallet: string | undefined) {
  const trpc = useTRPC();
  return useQuery(trpc.v2.history.queryOptions(wallet ? { wallet, limit: 20 } : skipToken, { retry: false, refetchInterval: 30_000 }));
}
