'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import type { ChainId } from '@/server/chains/registry';

/**
 * The wallet's balance of one token (the zero address for the native coin) on one chain, read by the
 * server; undefined while unknown. Asked in the balance endpoint's multi-chain form, which serves every
 * chain of the table (its single-chain form lists only the v1 networks).
 */
export function useChainBalance(chain: ChainId, token: string, wallet: string | undefined) {
  const trpc = useTRPC();
  const query = useQuery(trpc.v1.balance.queryOptions(wallet ? { wallet, token, chains: [chain] } : skipToken, { retry: false, refetchInterval: 15_000 }));
  const data = query.data;
  const raw = data ? ('balances' in data ? data.balances[0]?.balance : data.balance) : undefined;
  return {
    balance: raw !== undefined ? BigInt(raw) : undefined,
    isLoading: query.isLoading,
    error: query.error,
  };
}
