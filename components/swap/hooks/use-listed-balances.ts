'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import type { ChainId } from '@/server/chains/registry';
import { sameToken, type HeldToken, type SwapToken } from '../lib/tokens';

/**
 * The wallet's balance of every token of a list, in one request (the picker's rows); rows stay without a
 * balance while it is unknown, or when no wallet is connected.
 */
export function useListedBalances(chain: ChainId, tokens: readonly SwapToken[], wallet: string | undefined): HeldToken[] {
  const trpc = useTRPC();
  const addresses = tokens.map((token) => token.address);
  const query = useQuery(
    trpc.tokens.balances.queryOptions(wallet && addresses.length > 0 ? { chain, wallet, tokens: addresses } : skipToken, { retry: false, staleTime: 10_000 }),
  );
  const balances = query.data?.balances ?? [];
  return tokens.map((token) => {
    const raw = balances.find((entry) => sameToken({ address: entry.token }, token))?.balance;
    return { token, balance: raw === null || raw === undefined ? undefined : BigInt(raw) };
  });
}
