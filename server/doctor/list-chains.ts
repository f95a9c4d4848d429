import type { ChainCapabilities } from './doctor-report';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { ChainDirectory } from '@/server/chains/chain-directory';

export function listChains(directory: ChainDirectory, capabilities: Record<ChainId, ChainCapabilities>) {
  return {
    success: true as const,
    chains: CHAIN_IDS.map((id) => ({
      name: id,
      chainId: directory[id].info.chainId,
      nativeToken: directory[id].info.nativeSymbol,
      routerAddress: directory[id].routerAddress,
      available: directory[id].available,
      capabilities: capabilities[id],
    })),
  };
}
