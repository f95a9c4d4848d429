import { CHAIN_IDS } from './registry';
import type { ChainDirectory } from './chain-directory';

export function listChains(directory: ChainDirectory) {
  return {
    success: true as const,
    chains: CHAIN_IDS.map((id) => ({
      name: id,
      chainId: directory[id].info.chainId,
      nativeToken: directory[id].info.nativeSymbol,
      routerAddress: directory[id].routerAddress,
      available: directory[id].available,
    })),
  };
}
