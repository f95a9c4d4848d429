/** The Solana family's token reads: mints, the maker's trades, the route source (shape: token-family.ts). */
import { solanaChecks } from './audit/solana-checks';
import { readMakerTrades, solanaPriceHistory } from './solana-price-history';
import { SPL_TAX_REPORT } from './tax-probe';
import type { TokenFamily } from './token-family';
import { solanaTokenInfo } from './token-info';
import { solanaMarket } from './token-markets';

export const solanaTokenFamily: TokenFamily = {
  chainTokenInfo: solanaTokenInfo,
  priceHistory: (chain, token, solana) => solanaPriceHistory(chain, solana, token),
  marketReader: async (deps) => {
    // Every mint's history comes from the same maker transactions: read them once for the whole list.
    const makerTrades = await readMakerTrades(deps.chains.SOL, deps.solana).catch(() => undefined);
    return (token) => solanaMarket(deps, makerTrades, token.address);
  },
  // No listed-pair pricing on SOL: a token without its own market stays unpriced.
  priceUnpriced: async (_deps, _chain, markets) => markets,
  auditChecks: (chain, token) => solanaChecks(chain, token),
  // SPL tokens have no EIP-2612 permit to require.
  permitRequired: async () => false,
  probeTaxes: async () => SPL_TAX_REPORT,
};
