/**
 * What token data learns about pools. Units: reserves are raw token units (bigint); prices are numbers in
 * whole tokens (priceNative = native per token, priceUsd = USD per token); liquidity is USD; fees are
 * hundredths of a basis point (V3's unit: 3000 = 0.3 %), V2's fixed 0.3 % written as 3000 so venues compare.
 */
import type { ChainId } from '@/server/chains/registry';
import type { EvmVenueId } from '@/server/venues/venue-names';

export interface TokenPool {
  address: string;
  venue: EvmVenueId;
  /** The venue's name (`Uniswap V2`, `Uniswap V3`, …). */
  factoryName: string;
  /** Hundredths of a basis point (3000 = 0.3 %); V2 pools are 3000. */
  fee: number;
  /** The other side of the pool: the wrapped native token or the stable. */
  quoteToken: string;
  /** Raw balances the pool contract holds. */
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** USD value of both balances. */
  liquidityUsd: number;
  /** Token price in native units, from this pool alone (its spot price), decimals applied. */
  priceNative: number;
  /** 0 when the chain has no wrapped-native/stable pool to price the native coin. */
  priceUsd: number;
}

export interface TokenPools {
  /** Sorted by liquidityUsd, deepest first. */
  pools: TokenPool[];
  /** The deepest pool, the token's main market; undefined when it has none. */
  mainPool: TokenPool | undefined;
  /** USD per native coin; 0 when the chain has no wrapped-native/stable pool. */
  nativeUsd: number;
}

export interface PoolToken {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Raw units, decimal string. */
  totalSupply: string;
}

/** The 2.5 poolInfo fields; units as in the module comment. */
export interface PoolInfo {
  /** The pool contract; for Uniswap V4, the pool id (32-byte hex), its pools living inside the PoolManager. */
  address: string;
  type: EvmVenueId;
  /** The factory that created the pool; for Uniswap V4, the PoolManager. */
  factory: string;
  /** V4: the hooks of the pool's key (the zero address for none); '' for venues without hooks (V2/V3). */
  hooks: string;
  router: string;
  /** The venue's quoter (V3: QuoterV2); '' where it has none. */
  quoter: string;
  /** Uniswap V2/V3 pools have no owner (the factory owner only sets protocol fees): always ''. */
  owner: string;
  to: string;
  chain: ChainId;
  /** The LP fee in effect now (a dynamic-fee pool's current one). */
  fee: number;
  /** V4: the pool's hooks set its fee, which may change at any time; false elsewhere. */
  dynamicFee: boolean;
  /** Percent (0.3 = 0.3 %), the LP fee alone; token taxes are not included. */
  realFee: number;
  /** V3/V4 tick spacing; 0 for V2. */
  tickSpacing: number;
  /** The block and unix seconds of the factory's PairCreated/PoolCreated event for this pool (V4: the PoolManager's Initialize). */
  blockNumber: number;
  createdAt: number;
  /** USD value of both balances the pool holds (V4: of what its positions hold at the current price). */
  liquidity: number;
  /** USD: the token side's totalSupply × its price. */
  marketCap: number;
  /** Token side price in native units. */
  priceNative: number;
  /** Token side price in USD (0 when the native coin has no USD price on the chain). */
  priceUsd: number;
  token: PoolToken;
  quote: PoolToken;
}
