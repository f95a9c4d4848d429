'use client';

import { useQuery } from '@tanstack/react-query';
import { useSwitchChain } from 'wagmi';
import { useTRPC } from '@/components/providers/trpc-provider';
import { CHAINS, isEvmChain, type ChainId } from '@/server/chains/registry';
import { useFamilyWallet } from './use-family-wallet';

/**
 * Asks the wallet to switch to a chain. On the local chain world the wallet may not know the chain yet, so
 * the local node's URL goes along for `wallet_addEthereumChain`. Solana wallets have no chain to switch:
 * asked to switch to Solana, it does nothing.
 */
export function useSwitchToChain() {
  const trpc = useTRPC();
  const world = useQuery(trpc.dev.devnet.queryOptions({}, { retry: false, staleTime: Infinity }));
  const switchChain = useSwitchChain();
  const evmWallet = useFamilyWallet('evm');
  const switchTo = (chain: ChainId) => {
    if (!isEvmChain(chain)) return;
    const rpcUrl = world.data?.chains[chain]?.rpcUrl;
    switchChain.mutate({
      chainId: CHAINS[chain].chainId,
      addEthereumChainParameter: rpcUrl ? { rpcUrls: [rpcUrl], chainName: `${CHAINS[chain].name} (local)` } : undefined,
    });
  };
  return {
    switchTo,
    /** A form moved to `chain`: a connected EVM wallet moves along. */
    followChain(chain: ChainId) {
      if (evmWallet.connected) switchTo(chain);
    },
    isPending: switchChain.isPending,
    error: switchChain.error,
  };
}
