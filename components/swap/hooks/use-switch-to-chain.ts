'use client';

import { useQuery } from '@tanstack/react-query';
import { useSwitchChain } from 'wagmi';
import { useTRPC } from '@/components/providers/trpc-provider';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';

/**
 * Asks the wallet to switch to a chain. On the local chain world the wallet may not know the chain yet, so
 * the local node's URL goes along for `wallet_addEthereumChain`.
 */
export function useSwitchToChain() {
  const trpc = useTRPC();
  const world = useQuery(trpc.dev.devnet.queryOptions({}, { retry: false, staleTime: Infinity }));
  const switchChain = useSwitchChain();
  return {
    switchTo(chain: EvmChainId) {
      const rpcUrl = world.data?.chains[chain]?.rpcUrl;
      switchChain.mutate({
        chainId: CHAINS[chain].chainId,
        addEthereumChainParameter: rpcUrl ? { rpcUrls: [rpcUrl], chainName: `${CHAINS[chain].name} (local)` } : undefined,
      });
    },
    isPending: switchChain.isPending,
    error: switchChain.error,
  };
}
