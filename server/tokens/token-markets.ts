/**
 * The token list of the `/token` landing page: a chain's listed tokens with their price, liquidity and
 * change over 24 hours, the change measured on the token's own trades (its price history), all read from
 * the chain. The native coin has no token page and is left out.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { LocalWorld } from '@/server/devnet/local-world';
import type { SolanaTrading } from '@/server/trading/solana/solana-quote';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { evmPriceHistory } from './evm-price-history';
import { knownTokens, type KnownToken } from './known-tokens';
import { changePercent, type PricePoint } from './price-point';
import { mintPriceHistory, readMakerTrades, type MakerTrades } from './solana-price-history';
import { solanaMainPool } from './token-info';

export interface TokenMarket extends KnownToken {
  priceUsd: number;
  priceNative: number;
  liquidityUsd: number;
  /** Percent over the last 24 hours of trades; null when fewer than two prices are known. */
  change24h: number | null;
}

export interface TokenMarketDeps {
  chains: ChainDirectory;
  solana?: SolanaTrading;
  localWorld?: LocalWorld;
}

interface MarketNow {
  priceUsd: number;
  priceNative: number;
  liquidityUsd: number;
  history: PricePoint[];
}

async function evmMarket(deps: TokenMarketDeps, chain: ChainId, token: string): Promise<MarketNow> {
  const pools = await findTokenPools(deps.chains[chain], token);
  const main = pools.mainPool;
  return {
    priceUsd: main?.priceUsd ?? 0,
    priceNative: main?.priceNative ?? 0,
    liquidityUsd: main?.liquidityUsd ?? 0,
    history: main ? await evmPriceHistory(deps.chains[chain], token, pools) : [],
  };
}

async function solanaMarket(deps: TokenMarketDeps, trades: MakerTrades | undefined, mint: string): Promise<MarketNow> {
  if (!deps.solana) return { priceUsd: 0, priceNative: 0, liquidityUsd: 0, history: [] };
  const pool = await solanaMainPool(deps.solana, deps.chains.SOL.info.nativeDecimals, mint);
  return { priceUsd: pool.priceUsd, priceNative: pool.priceNative, liquidityUsd: pool.liquidityUsd, history: mintPriceHistory(trades, mint) };
}

export async function tokenMarkets(deps: TokenMarketDeps, chain: ChainId, nowSeconds = Math.floor(Date.now() / 1000)): Promise<TokenMarket[]> {
  const tokens = knownTokens(deps.localWorld, chain).filter((token) => token.address !== NATIVE_TOKEN_ADDRESS);
  const evm = deps.chains[chain].info.family === 'evm';
  // Every mint's history comes from the same maker transactions: read them once for the whole list.
  const makerTrades = evm ? undefined : await readMakerTrades(deps.chains.SOL, deps.solana).catch(() => undefined);
  return Promise.all(tokens.map(async (token): Promise<TokenMarket> => {
    try {
      const market = evm ? await evmMarket(deps, chain, token.address) : await solanaMarket(deps, makerTrades, token.address);
      const change = changePercent(market.history, nowSeconds);
      return { ...token, priceUsd: market.priceUsd, priceNative: market.priceNative, liquidityUsd: market.liquidityUsd, change24h: change ?? null };
    } catch {
      // A token that cannot be read (no pool, no contract) is listed without market figures.
      return { ...token, priceUsd: 0, priceNative: 0, liquidityUsd: 0, change24h: null };
    }
  }));
}
