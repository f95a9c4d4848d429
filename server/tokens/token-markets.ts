/**
 * The token list of the `/token` landing page: a chain's listed tokens with their price, liquidity and
 * change over 24 hours, the change measured on the token's own trades (its price history), all read from
 * the chain. A launch token on its bonding curve is priced by the curve; a token that trades only against
 * another listed token, through that token's price. The native coin has no token page and is left out.
 */
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { LocalWorld } from '@/server/devnet/local-world';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import { readCurve } from '@/server/venues/evm/launchpad-curve';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { curvePool } from './curve-market';
import { evmPriceHistory } from './evm-price-history';
import { knownTokens, type KnownToken } from './known-tokens';
import { pricedThroughPairs } from './paired-price';
import { changePercent, type PricePoint } from './price-point';
import { mintPriceHistory, type MakerTrades } from './solana-price-history';
import { solanaMainPool } from './token-info';

export interface TokenMarket extends KnownToken {
  priceUsd: number;
  priceNative: number;
  liquidityUsd: number;
  /** Percent over the last 24 hours of trades; null when fewer than two prices are known. */
  change24h: number | null;
}

/** A family's token markets (server/tokens/token-family.ts). */
export interface MarketsPart {
  /** Reads what every token's market shares once (SOL: the maker's trades), then answers each token's. */
  marketReader(deps: TokenMarketDeps, chain: ChainId): Promise<(token: KnownToken) => Promise<MarketNow>>;
  /** Tokens without a market of their own, priced through the listed ones where the family can. */
  priceUnpriced(deps: TokenMarketDeps, chain: ChainId, markets: TokenMarket[]): Promise<TokenMarket[]>;
}

export interface TokenMarketDeps {
  chains: ChainDirectory;
  /** Each chain's family object (server/family-services.ts): here, its markets. */
  families: (chain: ChainId) => { tokens: MarketsPart };
  solana?: SolanaTrading;
  localWorld?: LocalWorld;
}

export interface MarketNow {
  priceUsd: number;
  priceNative: number;
  liquidityUsd: number;
  history: PricePoint[];
}

export async function evmMarket(deps: TokenMarketDeps, chain: ChainId, token: KnownToken): Promise<MarketNow> {
  const configured = deps.chains[chain];
  const [pools, curve] = await Promise.all([findTokenPools(configured, token.address), readCurve(configured, token.address)]);
  const main = pools.mainPool;
  const onCurve =
    curve && curvePool({ curve, tokenDecimals: token.decimals, nativeDecimals: configured.info.nativeDecimals, nativeUsd: pools.nativeUsd, circulating: 0 });
  // A launch token trades on its curve until it graduates; its trades there are not in the pools' history.
  if (onCurve && onCurve.liquidityUsd >= (main?.liquidityUsd ?? 0)) {
    return { priceUsd: onCurve.priceUsd, priceNative: onCurve.priceNative, liquidityUsd: onCurve.liquidityUsd, history: [] };
  }
  return {
    priceUsd: main?.priceUsd ?? 0,
    priceNative: main?.priceNative ?? 0,
    liquidityUsd: main?.liquidityUsd ?? 0,
    history: main ? await evmPriceHistory(configured, token.address, pools) : [],
  };
}

export async function solanaMarket(deps: TokenMarketDeps, trades: MakerTrades | undefined, mint: string): Promise<MarketNow> {
  if (!deps.solana) return { priceUsd: 0, priceNative: 0, liquidityUsd: 0, history: [] };
  const pool = await solanaMainPool(deps.solana, deps.chains.SOL.info.nativeDecimals, mint);
  return { priceUsd: pool.priceUsd, priceNative: pool.priceNative, liquidityUsd: pool.liquidityUsd, history: mintPriceHistory(trades, mint) };
}

export async function tokenMarkets(deps: TokenMarketDeps, chain: ChainId, nowSeconds = Math.floor(Date.now() / 1000)): Promise<TokenMarket[]> {
  const tokens = knownTokens(deps.localWorld, chain).filter((token) => token.address !== NATIVE_TOKEN_ADDRESS);
  const family = deps.families(chain).tokens;
  const marketOf = await family.marketReader(deps, chain);
  const markets = await Promise.all(
    tokens.map(async (token): Promise<TokenMarket> => {
      try {
        const market = await marketOf(token);
        const change = changePercent(market.history, nowSeconds);
        return { ...token, priceUsd: market.priceUsd, priceNative: market.priceNative, liquidityUsd: market.liquidityUsd, change24h: change ?? null };
      } catch {
        // A token that cannot be read (no pool, no contract) is listed without market figures.
        return { ...token, priceUsd: 0, priceNative: 0, liquidityUsd: 0, change24h: null };
      }
    }),
  );
  return family.priceUnpriced(deps, chain, markets);
}

/** Tokens that trade only against other listed tokens, priced through the deepest such pool. */
export async function priceThroughListed(chain: ConfiguredChain, markets: TokenMarket[]): Promise<TokenMarket[]> {
  const anchors = markets.filter((market) => market.priceUsd > 0);
  return Promise.all(
    markets.map(async (market) => {
      if (market.priceUsd > 0) return market;
      const paired = await pricedThroughPairs(chain, market, anchors).catch(() => undefined);
      return paired ? { ...market, ...paired } : market;
    }),
  );
}
