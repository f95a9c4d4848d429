/**
 * What the service asks of a chain whatever its family (LI.FI's one provider per chain family): each family
 * answers through its own RPC actions (`evm/`, `solana/`), and callers look the provider up by chain id
 * instead of branching on the family. Sending and confirming stay with each family's actions: only
 * family-specific code (execute, the bridge chains) sends transactions.
 */
import type { PriorityFees } from '@/server/fees/fee-levels';
import type { ConfiguredChain } from './chain-directory';
import { evmFamily } from './evm/evm-family';
import { CHAINS, type ChainFamily, type ChainId } from './registry';
import { solanaFamily } from './solana/solana-family';

export interface TokenAmount {
  /** Raw units: wei, lamports, token base units. */
  balance: bigint;
  decimals: number;
}

export interface ChainFamilyProvider {
  /** Latest block number (EVM) or confirmed slot (Solana). */
  latestHeight(chain: ConfiguredChain, options?: { timeoutMs?: number }): Promise<number>;
  /** The wallet's native coin in raw units. */
  nativeBalance(chain: ConfiguredChain, wallet: string): Promise<bigint>;
  /** `knownDecimals` is given when already read once, so the provider can skip reading them again. */
  tokenBalance(chain: ConfiguredChain, wallet: string, token: string, knownDecimals: number | undefined): Promise<TokenAmount>;
  /** The form of an address that names the same token whatever its spelling (EVM hex is case-insensitive). */
  tokenKey(token: string): string;
  /** The four priority levels of fees, from the chain's recent blocks. */
  priorityFees(chain: ConfiguredChain): Promise<PriorityFees>;
}

const PROVIDERS: Record<ChainFamily, ChainFamilyProvider> = { evm: evmFamily, solana: solanaFamily };

export function chainFamily(chain: ChainId): ChainFamilyProvider {
  return PROVIDERS[CHAINS[chain].family];
}
