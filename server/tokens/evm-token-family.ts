/** The EVM family's token reads: ERC-20 calls, the venues' pools, the QuoteLens' tax probe (shape: token-family.ts). */
import { evmChecks } from './audit/evm-checks';
import { evmPriceHistory } from './evm-price-history';
import { permitRequired } from './strategy-token';
import { probeTaxes } from './tax-probe';
import type { TokenFamily } from './token-family';
import { evmTokenInfo } from './token-info';
import { evmMarket, priceThroughListed } from './token-markets';

export const evmTokenFamily: TokenFamily = {
  chainTokenInfo: (_deps, chain, token) => evmTokenInfo(chain, token),
  priceHistory: (chain, token) => evmPriceHistory(chain, token),
  marketReader: async (deps, chain) => (token) => evmMarket(deps, chain, token),
  priceUnpriced: (deps, chain, markets) => priceThroughListed(deps.chains[chain], markets),
  auditChecks: evmChecks,
  permitRequired,
  probeTaxes,
};
