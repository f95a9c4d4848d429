'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { V1_BALANCE_CHAINS, type ChainId } from '@/server/chains/registry';
import { isNative, type SwapToken } from '../lib/tokens';

type BalanceChain = (typeof V1_BALANCE_CHAINS)[number];

function balanceChain(chain: ChainId): BalanceChain | undefined {
  return (V1_BALANCE_CHAINS as readonly string[]).includes(chain) ? (chain as BalanceChain) : undefined;
}

/** The wallet's balance of a token, read by the server; undefined while unknown. */
export function useTokenBalance(chain: ChainId, token: SwapToken | undefined, wallet: string | undefined) {
  const trpc = useTRPC();
  const network = balanceChain(chain);
  const ready = !!token && !!wallet && !!network;
  const options = { retry: false, refetchInterval: 15_000 } as const;
  const native = useQuery(trpc.v1.balance.queryOptions(ready && isNative(token) ? { wallet, network } : skipToken, options));
  const erc20 = useQuery(trpc.v1.tokenBalance.queryOptions(ready && !isNative(token) ? { wallet, token: token.address, network } : skipToken, options));
  const query = token && isNative(token) ? native : erc20;
  const data = query.data as { balance?: string } | undefined;
  return {
    balance: data?.balance !== undefined ? BigInt(data.balance) : undefined,
    isLoading: query.isLoading,
    error: query.error,
  };
}
