/**
 * What the local EVM world contains, in one table: tokens, per-chain native prices, pools and their depth.
 * Every chain gets the same tokens and pools (so contract addresses are identical everywhere; PancakeSwap V3,
 * on BSC only, comes last); only the native price differs, which changes the amounts of native and tokens
 * put into each pool.
 *
 * Changing anything here changes the world version and so triggers a redeploy of the snapshots.
 */
import type { EvmChainId } from '@/server/chains/registry';
import type { EvmVenueId } from '@/server/venues/venue-names';

export type TokenKind = 'native-wrapped' | 'stable' | 'plain' | 'tax' | 'honeypot' | 'launchpad' | 'strategy';

/** Native token price in USD per chain (devnet values: plausible, not live). */
export const NATIVE_USD: Readonly<Record<EvmChainId, number>> = {
  BASE: 3000,
  ETH: 3000,
  ARB: 3000,
  ABS: 3000,
  INK: 3000,
  UNI: 3000,
  MEGAETH: 3000,
  BSC: 600,
  AVAX: 25,
  HYPE: 40,
  STORY: 5,
  XLAYER: 50,
  PLASMA: 0.5,
  MONAD: 3,
};

/** Names for the wrapped native token, by native symbol (the symbol is `W` + native symbol). */
export const WRAPPED_NATIVE_NAMES: Readonly<Record<string, string>> = {
  ETH: 'Wrapped Ether',
  BNB: 'Wrapped BNB',
  AVAX: 'Wrapped AVAX',
  HYPE: 'Wrapped HYPE',
  IP: 'Wrapped IP',
  OKB: 'Wrapped OKB',
  XPL: 'Wrapped XPL',
  MON: 'Wrapped MON',
};

/** A token deployed by the world. `WNATIVE` (the wrapped native token) is implicit. */
export interface TokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  kind: Exclude<TokenKind, 'native-wrapped'>;
  priceUsd: number;
  /** Whole tokens minted at launch (to the deployer, the world's treasury). */
  supply: bigint;
  /** Tax tokens only. */
  buyTaxBps?: number;
  sellTaxBps?: number;
  /** Part of the supply sent to 0x…dEaD at launch (tax token). */
  burnBps?: number;
}

/** Deployment order matters for addresses: keep new tokens at the end. */
export const TOKENS: readonly TokenSpec[] = [
  { symbol: 'USDC', name: 'USD Coin (devnet)', decimals: 6, kind: 'stable', priceUsd: 1, supply: 1_000_000_000n },
  { symbol: 'ALPHA', name: 'Alpha Token', decimals: 18, kind: 'plain', priceUsd: 2, supply: 1_000_000_000n },
  { symbol: 'BETA', name: 'Beta Token', decimals: 18, kind: 'plain', priceUsd: 0.5, supply: 1_000_000_000n },
  {
    symbol: 'TAX',
    name: 'Taxed Token',
    decimals: 18,
    kind: 'tax',
    priceUsd: 0.01,
    supply: 1_000_000_000n,
    buyTaxBps: 300,
    sellTaxBps: 500,
    burnBps: 1_000,
  },
  { symbol: 'HONEY', name: 'Honeypot Token', decimals: 18, kind: 'honeypot', priceUsd: 0.1, supply: 1_000_000_000n },
  { symbol: 'GAMMA', name: 'Gamma Token', decimals: 18, kind: 'plain', priceUsd: 0.2, supply: 1_000_000_000n },
];

export const WNATIVE = 'WNATIVE';
export const BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/**
 * The venues the world seeds, by the server's venue ids (server/venues/venue-names.ts). PancakeSwap's pools are on
 * BSC only (see PANCAKE_CHAINS); launchpad curves are made by the launchpad (launchpad.ts), not seeded here.
 */
export type VenueId = Exclude<EvmVenueId, 'LAUNCHPAD'>;

/**
 * One liquidity position. Rows with the same venue, pair and fee are positions in the same pool (the first
 * row creates it): a full-range base plus ranged positions, the way real pools hold liquidity.
 */
export interface PoolSpec {
  venue: VenueId;
  tokenA: string;
  tokenB: string;
  /** Hundredths of a bip: 500 = 0.05 % (V2 pools are always V2_FEE). */
  fee: number;
  /** USD value put on each side (a ranged position takes up to this much of each token, as Uniswap's position manager does). */
  depthUsd: number;
  /** Concentrated venues only: the position covers ±rangePct % around the price (ticks widened to the spacing); else full range. */
  rangePct?: number;
}

/** Uniswap V2's fixed fee, written in V3 units so that pools of every venue compare. */
export const V2_FEE = 3000;
/** PancakeSwap V2's fixed fee (0.25 %), in the same units. */
export const PANCAKE_V2_FEE = 2500;

/** Tick spacing by fee tier: Uniswap V3 and V4 (100 is enabled on the V3 factory by its owner). */
export const UNISWAP_TICK_SPACING: Readonly<Record<number, number>> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
/** PancakeSwap V3's tiers and spacings. */
export const PANCAKE_TICK_SPACING: Readonly<Record<number, number>> = { 100: 1, 500: 10, 2500: 50, 10000: 200 };
/** Chains where PancakeSwap's pools are (V3, then V2: after the Router and Depository, so other addresses stay shared). */
export const PANCAKE_CHAINS: readonly EvmChainId[] = ['BSC'];

const N = WNATIVE;

/**
 * Every pool of every EVM chain (Pancake rows on PANCAKE_CHAINS only). The main pairs sit on several venues
 * and tiers at different depths; WNATIVE/BETA's deepest pool is the 0.3 % one, not its cheapest tier. GAMMA
 * trades only against ALPHA. Tax and honeypot tokens stay on V2.
 */
export const POOLS: readonly PoolSpec[] = [
  // Uniswap V2 (the first rows keep their order: the first pool of the list is native/stable V2).
  { venue: 'UNISWAP_V2', tokenA: N, tokenB: 'USDC', fee: V2_FEE, depthUsd: 5_000_000 },
  { venue: 'UNISWAP_V2', tokenA: N, tokenB: 'ALPHA', fee: V2_FEE, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V2', tokenA: N, tokenB: 'BETA', fee: V2_FEE, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V2', tokenA: N, tokenB: 'TAX', fee: V2_FEE, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V2', tokenA: N, tokenB: 'HONEY', fee: V2_FEE, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V2', tokenA: 'USDC', tokenB: 'ALPHA', fee: V2_FEE, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V2', tokenA: 'USDC', tokenB: 'BETA', fee: V2_FEE, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V2', tokenA: 'USDC', tokenB: 'TAX', fee: V2_FEE, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V2', tokenA: 'USDC', tokenB: 'HONEY', fee: V2_FEE, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V2', tokenA: 'ALPHA', tokenB: 'GAMMA', fee: V2_FEE, depthUsd: 500_000 },
  // Uniswap V3
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 100, depthUsd: 300_000, rangePct: 2 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 5_000_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 2_000_000, rangePct: 10 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 500_000, rangePct: 3 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 3000, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'USDC', fee: 10000, depthUsd: 200_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'ALPHA', fee: 3000, depthUsd: 2_000_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'ALPHA', fee: 3000, depthUsd: 1_000_000, rangePct: 20 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'ALPHA', fee: 10000, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'BETA', fee: 500, depthUsd: 150_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'BETA', fee: 3000, depthUsd: 3_000_000 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'BETA', fee: 3000, depthUsd: 2_000_000, rangePct: 15 },
  { venue: 'UNISWAP_V3', tokenA: N, tokenB: 'BETA', fee: 10000, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'ALPHA', fee: 500, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'ALPHA', fee: 500, depthUsd: 500_000, rangePct: 5 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'ALPHA', fee: 3000, depthUsd: 500_000 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'BETA', fee: 100, depthUsd: 100_000 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'BETA', fee: 3000, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'BETA', fee: 3000, depthUsd: 500_000, rangePct: 30 },
  { venue: 'UNISWAP_V3', tokenA: 'USDC', tokenB: 'BETA', fee: 10000, depthUsd: 200_000 },
  { venue: 'UNISWAP_V3', tokenA: 'ALPHA', tokenB: 'GAMMA', fee: 3000, depthUsd: 500_000 },
  // Uniswap V4 (hookless)
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'USDC', fee: 100, depthUsd: 300_000, rangePct: 3 },
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 1_000_000, rangePct: 10 },
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'ALPHA', fee: 3000, depthUsd: 1_000_000 },
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'ALPHA', fee: 3000, depthUsd: 500_000, rangePct: 20 },
  { venue: 'UNISWAP_V4', tokenA: N, tokenB: 'BETA', fee: 10000, depthUsd: 300_000 },
  { venue: 'UNISWAP_V4', tokenA: 'USDC', tokenB: 'ALPHA', fee: 500, depthUsd: 500_000 },
  { venue: 'UNISWAP_V4', tokenA: 'USDC', tokenB: 'BETA', fee: 10000, depthUsd: 200_000 },
  // PancakeSwap V3 (PANCAKE_CHAINS only)
  { venue: 'PANCAKESWAP_V3', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 3_000_000 },
  { venue: 'PANCAKESWAP_V3', tokenA: N, tokenB: 'USDC', fee: 500, depthUsd: 1_000_000, rangePct: 10 },
  { venue: 'PANCAKESWAP_V3', tokenA: N, tokenB: 'USDC', fee: 2500, depthUsd: 2_000_000 },
  { venue: 'PANCAKESWAP_V3', tokenA: N, tokenB: 'ALPHA', fee: 2500, depthUsd: 1_500_000 },
  { venue: 'PANCAKESWAP_V3', tokenA: N, tokenB: 'ALPHA', fee: 2500, depthUsd: 500_000, rangePct: 20 },
  // PancakeSwap V2 (PANCAKE_CHAINS only): 0.25 %, deep enough to take part in splits with the pools above.
  { venue: 'PANCAKESWAP_V2', tokenA: N, tokenB: 'USDC', fee: PANCAKE_V2_FEE, depthUsd: 2_000_000 },
  { venue: 'PANCAKESWAP_V2', tokenA: N, tokenB: 'ALPHA', fee: PANCAKE_V2_FEE, depthUsd: 1_500_000 },
];

/** The rows of one venue. */
export function poolsOf(venue: VenueId): readonly PoolSpec[] {
  return POOLS.filter((pool) => pool.venue === venue);
}

/** Native the deployer keeps after seeding the pools (the faucet pays from it). */
export const TREASURY_NATIVE = 10_000n;

/**
 * The Router's protocol fee collector: anvil account 19, funded and listed in the manifest (so collected fees
 * can be inspected and spent), and far from the low accounts the tests trade with. The deployer owns the
 * Router and can change it.
 */
export const ROUTER_FEE_COLLECTOR_ACCOUNT = 19;

/**
 * The bridge solver: anvil mnemonic index 40, beyond every account the world lists (1 to 19), so no test or
 * page ever trades with it; the deploy sets its balance. That balance is its inventory on each chain (the
 * Depository forwards deposits to it, fills and refunds come from it).
 */
export const BRIDGE_SOLVER_ACCOUNT = 40;
/** What the solver holds on every EVM chain of the world, in USD of that chain's native coin. */
export const BRIDGE_SOLVER_USD = 2_000_000;
/** What the solver holds of the stable on every EVM chain, in USD: token bridges to the stable are paid from it. */
export const BRIDGE_SOLVER_STABLE_USD = 1_000_000;

/** Raw amount of a token (decimals) worth `usd` at `priceUsd`, exact in integers. */
export function usdToRaw(usd: number, priceUsd: number, decimals: number): bigint {
  const microPrice = BigInt(Math.round(priceUsd * 1_000_000));
  return (BigInt(Math.round(usd)) * 10n ** BigInt(decimals) * 1_000_000n) / microPrice;
}

/** Everything above as one JSON-able value: hashed into the world version. */
export function worldSpecFingerprint(): string {
  return JSON.stringify(
    {
      NATIVE_USD,
      WRAPPED_NATIVE_NAMES,
      TOKENS,
      POOLS,
      UNISWAP_TICK_SPACING,
      PANCAKE_TICK_SPACING,
      PANCAKE_CHAINS,
      V2_FEE,
      PANCAKE_V2_FEE,
      TREASURY_NATIVE,
      ROUTER_FEE_COLLECTOR_ACCOUNT,
      BRIDGE_SOLVER_ACCOUNT,
      BRIDGE_SOLVER_USD,
      BRIDGE_SOLVER_STABLE_USD,
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}
