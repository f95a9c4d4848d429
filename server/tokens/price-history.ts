/**
 * A token's price over its recent trades, for the token page's chart and the token list's 24 h change:
 * on EVM chains from every pool's own events, on SOL from the maker's trades (each family's part:
 * evm-token-family.ts, solana-token-family.ts). From the chain only.
 */
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import type { ChainId } from '@/server/chains/registry';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import type { PricePoint } from './price-point';

/** A family's price history (server/tokens/token-family.ts). */
export interface PriceHistoryPart {
  priceHistory(chain: ConfiguredChain, token: string, solana: SolanaTrading | undefined): Promise<PricePoint[]>;
}

export interface PriceHistoryDeps {
  chains: ChainDirectory;
  /** Each chain's family object (server/family-services.ts): here, its price history. */
  families: (chain: ChainId) => { tokens: PriceHistoryPart };
  solana?: SolanaTrading;
}

export function priceHistory(deps: PriceHistoryDeps, chain: ChainId, token: string): Promise<PricePoint[]> {
  return deps.families(chain).tokens.priceHistory(deps.chains[chain], token, deps.solana);
}
