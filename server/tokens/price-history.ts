/**
 * A token's price over its recent trades, for the token page's chart and the token list's 24 h change:
 * on EVM chains from every pool's own events, on SOL from the maker's trades. From the chain only.
 */
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import { evmPriceHistory } from './evm-price-history';
import type { PricePoint } from './price-point';
import { solanaPriceHistory } from './solana-price-history';

export function priceHistory(chain: ConfiguredChain, token: string, solana?: SolanaTrading): Promise<PricePoint[]> {
  return chain.info.family === 'evm' ? evmPriceHistory(chain, token) : solanaPriceHistory(chain, solana, token);
}
