import type { ChainCapabilities } from '@/server/doctor/doctor-report';
import { CHAIN_IDS, type ChainId } from './registry';
import type { ChainDirectory } from './chain-directory';

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
