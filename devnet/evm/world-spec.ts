/**
 * What the local EVM world contains, in one table: tokens, per-chain native prices, pools and their depth.
 * Every chain gets the same tokens and pools (so contract addresses are identical everywhere); only the
 * native price differs, which changes the amounts of native and tokens put into each pool.
 *
 * Changing anything here changes the world version and so triggers a redeploy of the snapshots.
 */
import type { EvmChainId } from '@/server/chains/registry';

export type TokenKind = 'native-wrapped' | 'stable' | 'plain' | 'tax' | 'honeypot';

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
    symbol: 'TAX', name: 'Taxed Token', decimals: 18, kind: 'tax', priceUsd: 0.01, supply: 1_000_000_000n,
    buyTaxBps: 300, sellTaxBps: 500, burnBps: 1_000,
  },
  { symbol: 'HONEY', name: 'Honeypot Token', decimals: 18, kind: 'honeypot', priceUsd: 0.1, supply: 1_000_000_000n },
];

export const WNATIVE = 'WNATIVE';
export const BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD';

export interface V2PoolSpec {
  tokenA: string;
  tokenB: string;
  /** USD value put on each side. */
  depthUsd: number;
}

export interface V3PoolSpec extends V2PoolSpec {
  /** Uniswap V3 fee in hundredths of a bip: 500 = 0.05 %. */
  fee: 500 | 3000 | 10000;
}

/** Uniswap V2's fixed fee, written in V3 units so that pools of both venues compare. */
export const V2_FEE = 3000;

export const V2_POOLS: readonly V2PoolSpec[] = [
  { tokenA: WNATIVE, tokenB: 'USDC', depthUsd: 5_000_000 },
  { tokenA: WNATIVE, tokenB: 'ALPHA', depthUsd: 2_000_000 },
  { tokenA: WNATIVE, tokenB: 'BETA', depthUsd: 2_000_000 },
  { tokenA: WNATIVE, tokenB: 'TAX', depthUsd: 1_000_000 },
  { tokenA: WNATIVE, tokenB: 'HONEY', depthUsd: 1_000_000 },
  { tokenA: 'USDC', tokenB: 'ALPHA', depthUsd: 2_000_000 },
  { tokenA: 'USDC', tokenB: 'BETA', depthUsd: 2_000_000 },
  { tokenA: 'USDC', tokenB: 'TAX', depthUsd: 1_000_000 },
  { tokenA: 'USDC', tokenB: 'HONEY', depthUsd: 1_000_000 },
];

/** Full-range positions (the fee tier decides the tick spacing). */
export const V3_POOLS: readonly V3PoolSpec[] = [
  { tokenA: WNATIVE, tokenB: 'USDC', fee: 500, depthUsd: 5_000_000 },
  { tokenA: WNATIVE, tokenB: 'USDC', fee: 3000, depthUsd: 2_000_000 },
  { tokenA: WNATIVE, tokenB: 'ALPHA', fee: 3000, depthUsd: 2_000_000 },
  { tokenA: WNATIVE, tokenB: 'ALPHA', fee: 10000, depthUsd: 1_000_000 },
  { tokenA: WNATIVE, tokenB: 'BETA', fee: 3000, depthUsd: 2_000_000 },
  { tokenA: WNATIVE, tokenB: 'BETA', fee: 10000, depthUsd: 1_000_000 },
];

export const V3_TICK_SPACING: Readonly<Record<V3PoolSpec['fee'], number>> = { 500: 10, 3000: 60, 10000: 200 };

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

/** Raw amount of a token (decimals) worth `usd` at `priceUsd`, exact in integers. */
export function usdToRaw(usd: number, priceUsd: number, decimals: number): bigint {
  const microPrice = BigInt(Math.round(priceUsd * 1_000_000));
  return (BigInt(Math.round(usd)) * 10n ** BigInt(decimals) * 1_000_000n) / microPrice;
}

/** Everything above as one JSON-able value: hashed into the world version. */
export function worldSpecFingerprint(): string {
  return JSON.stringify(
    { NATIVE_USD, WRAPPED_NATIVE_NAMES, TOKENS, V2_POOLS, V3_POOLS, V3_TICK_SPACING, V2_FEE, TREASURY_NATIVE, ROUTER_FEE_COLLECTOR_ACCOUNT, BRIDGE_SOLVER_ACCOUNT, BRIDGE_SOLVER_USD },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}
