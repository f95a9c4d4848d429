/**
 * What differs between chain families at the RPC level. Everything a caller needs from "EVM vs Solana"
 * for chain liveness is here; trading and balances add their own family ports in their domains.
 */
import type { RpcTransport } from './json-rpc';
import { CHAINS, type ChainFamily, type ChainId } from './registry';

export interface ChainFamilyProbe {
  /** Latest block number (EVM) or slot (Solana). */
  latestHeight(rpc: RpcTransport, options: { timeoutMs: number }): Promise<number>;
}

const PROBES: Record<ChainFamily, ChainFamilyProbe> = {
  evm: {
    async latestHeight(rpc, options) {
      const hex = await rpc.request<string>('eth_blockNumber', [], options);
      return Number(BigInt(hex));
    },
  },
  solana: {
    async latestHeight(rpc, options) {
      return rpc.request<number>('getSlot', [{ commitment: 'confirmed' }], options);
    },
  },
};

export function familyProbe(chain: ChainId): ChainFamilyProbe {
  return PROBES[CHAINS[chain].family];
}
