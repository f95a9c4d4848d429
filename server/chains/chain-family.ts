/**
 * The chain family provider of a chain (the interface and why it stops at the chain layer:
 * family-provider-types.ts). The one per-family table of the chain layer.
 */
import { evmFamily } from './evm/evm-family';
import type { ChainFamilyProvider } from './family-provider-types';
import { CHAINS, type ChainFamily, type ChainId } from './registry';
import { solanaFamily } from './solana/solana-family';

const PROVIDERS: Readonly<Record<ChainFamily, ChainFamilyProvider>> = { evm: evmFamily, solana: solanaFamily };

export function chainFamily(chain: ChainId): ChainFamilyProvider {
  return PROVIDERS[CHAINS[chain].family];
}

/** The provider of a family named by itself (a chain field refined before it is known to be a chain id). */
export function familyProvider(family: ChainFamily): ChainFamilyProvider {
  return PROVIDERS[family];
}
