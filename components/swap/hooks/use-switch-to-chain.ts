'use client';

import { useQuery } from '@tanstack/react-query';
import { useSwitchChain } from 'wagmi';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFamilyWallet } from '@/components/wallet/use-family-wallet';
import { CHAINS, isEvmChain, type ChainId, type EvmChainId } from '@/server/chains/registry';

/**
 * Asks the wallet to switch to a chain. On the local chain world the wallet may not know the chain yet, so
 * the local node's URL goes along for `wallet_addEthereumChain`.
 */
export function useSwitchToChain() {
  const trpc = useTRPC();
  const world = useQuery(trpc.dev.devnet.queryOptions({}, { retry: false, staleTime: Infinity }));
  const switchChain = useSwitchChain();
  const evmWallet = useFamilyWallet('evm');
  const switchTo = (chain: EvmChainId) => {
    const rpcUrl = world.data?.chains[chain]?.rpcUrl;
    switchChain.mutate({
      chainId: CHAINS[chain].chainId,
      addEthereumChainParameter: rpcUrl ? { rpcUrls: [rpcUrl], chainName: `${CHAINS[chain].name} (local)` } : undefined,
    });
  };
  return {
    switchTo,
    /** A form moved to `chain`: a connected EVM wallet moves along (Solana wallets have no chain to switch). */
    followChain(chain: ChainId) {
      if (isEvmChain(chain) && evmWallet.connected) switchTo(chain);
    },
    isPending: switchChain.isPending,
    error: switchChain.error,
  };
}
