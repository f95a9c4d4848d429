/**
 * The address book: where each chain's shared contracts live on the real chain, so that `RPC_URL_<CHAIN>`
 * (plus the solver's keys) is enough to serve it. Every entry names the page it was taken from (`source`, an
 * official documentation page of the chain, the venue or the token issuer). A venue the engine supports but
 * whose deployment on a chain is not documented is absent here, never guessed; `VENUES_<CHAIN>` overrides or
 * completes an entry. The local chain world deploys the same contracts at these addresses, so its tests read
 * this book too.
 *
 * Venues listed are the ones the engine can route through: Uniswap V2 (constant product, 0.3 %), Uniswap V3
 * (QuoterV2), Uniswap V4 (PoolManager, V4Quoter, hookless pools), PancakeSwap V3 (its own factory, pool
 * deployer and fee tiers) and PancakeSwap V2 (Uniswap V2's interface, 0.25 %: the hop carries the venue's fee).
 * Forks with other math are left out.
 */

/** Where an entry was read: an https page of the official documentation. */
interface Sourced {
  source: string;
}

export interface BookToken extends Sourced {
  symbol: string;
  address: string;
  decimals: number;
}

export interface UniswapV2Entry extends Sourced {
  factory: string;
  router02?: string;
  /** keccak256 of the pair's creation code: a pair's address follows from the factory, the tokens and this. */
  initCodeHash: string;
}

export interface UniswapV3Entry extends Sourced {
  factory: string;
  quoterV2: string;
  swapRouter02?: string;
  /** keccak256 of the pool's creation code. */
  initCodeHash: string;
}

export interface UniswapV4Entry extends Sourced {
  poolManager: string;
  v4Quoter: string;
  stateView?: string;
}

/** A Uniswap V2 fork with its own fee (hundredths of a basis point): PancakeSwap V2. */
export interface PancakeV2Entry extends UniswapV2Entry {
  fee: number;
}

export interface PancakeV3Entry extends Sourced {
  factory: string;
  /** PancakeSwap V3 pools are created by this contract, not by the factory (CREATE2 from the deployer). */
  poolDeployer: string;
  quoterV2: string;
  swapRouter?: string;
  initCodeHash: string;
  /** Hundredths of a basis point. */
  feeTiers: number[];
}

export interface ChainAddressBook {
  wrappedNative: BookToken;
  /** USD stables, the main one (deepest liquidity against the native coin) first. */
  stables: BookToken[];
  multicall3?: { address: string } & Sourced;
  uniswapV2?: UniswapV2Entry;
  uniswapV3?: UniswapV3Entry;
  uniswapV4?: UniswapV4Entry;
  pancakeswapV3?: PancakeV3Entry;
  pancakeswapV2?: PancakeV2Entry;
}
