'use client';

import { useQueries } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFamilyWallet } from '@/components/wallet/use-family-wallet';
import type { BridgeDetails } from '../lib/bridge-types';

const LIMIT = 20;
const FINAL = new Set<BridgeDetails['state']>(['success', 'refund', 'failure']);

/**
 * The bridges of every connected wallet (EVM and Solana, as trader or recipient), newest first, as the
 * server stored them, so they survive a reload. Read again every few seconds while any is still moving.
 */
export function useBridgeRequests() {
  const trpc = useTRPC();
  const evm = useFamilyWallet('evm').address;
  const solana = useFamilyWallet('solana').address;
  const wallets = [evm, solana].filter((wallet): wallet is string => !!wallet);
  const results = useQueries({
    queries: wallets.map((wallet) =>
      trpc.bridge.requests.queryOptions(
        { wallet, limit: LIMIT },
        {
          retry: false,
          // Read afresh whenever the list is shown: a bridge made a moment ago on the tracker belongs in it.
          staleTime: 0,
          refetchInterval: (query) => (query.state.data?.requests.some((request) => !FINAL.has(request.state)) ? 5_000 : false),
        },
      ),
    ),
  });
  const seen = new Set<string>();
  const requests: BridgeDetails[] = results
    .flatMap((result) => result.data?.requests ?? [])
    .sort((a, b) => b.createdAt - a.createdAt)
    .filter((request) => !seen.has(request.requestId) && !!seen.add(request.requestId))
    .slice(0, LIMIT);
  return {
    wallets,
    requests,
    isLoading: results.some((result) => result.isLoading),
    error: results.find((result) => result.error)?.error ?? undefined,
  };
}
