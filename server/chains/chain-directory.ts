/**
 * Where each chain is reached on this server: its RPC transport, Router address and venues. On a real chain
 * they come from the address book and where `npm run deploy` puts the Router, each overridden by the
 * environment; on the local chain world, from the devnet manifest. The directory is built by the composition
 * root (server/chain-directory-setup.ts), which knows the deploy and venue layers this one does not import.
 */
import type { ChainAddressBook } from './address-book';
import type { CircuitBreaker } from './circuit-breaker';
import type { RpcTransport } from './json-rpc';
import type { ChainId, ChainInfo } from './registry';

/**
 * Where an EVM chain's trading venues live: the quote engine and token reads look here. Venue contracts sit
 * under the keys their adapters name (server/venues/evm/venue-table.ts), e.g. `uniswapV2Factory`, `quoterV2`.
 */
export interface EvmVenues {
  wrappedNative: string;
  /** The chain's main USD stable: a routing connector and the USD price reference. */
  stable: { address: string; decimals: number };
  multicall3: string;
  /** Tokens routes may pass through besides the wrapped native and the stable: liquid tokens of the chain. */
  connectors?: readonly string[];
  [venueContract: string]: string | { address: string; decimals: number } | readonly string[] | undefined;
}

export interface ConfiguredChain {
  info: ChainInfo;
  available: boolean;
  rpc: RpcTransport;
  mevRpc?: RpcTransport;
  /**
   * The MEV-protected RPC with a kickback address: passed as `refundRecipient` (the query parameter private
   * order-flow RPCs such as MEV Blocker read).
   */
  mevRpcFor?(reward: string | undefined): RpcTransport;
  /** The Router quotes and trades use: the configured one, or '' while the doctor finds it unusable. */
  routerAddress: string;
  /** The Router this chain is configured with (environment, manifest or deploy), which every recheck checks again. */
  configuredRouterAddress?: string;
  /** Fails the chain's calls at once while no node answers (server/chains/circuit-breaker.ts). */
  breaker?: CircuitBreaker;
  /** EVM chains whose venues are known (`VENUES_<CHAIN>`, or the local world's manifest); absent means no trading. */
  venues?: EvmVenues;
  /** Why quotes and trades are off here, as the doctor last found (server/doctor; checked again every CHAIN_RECHECK_MS). */
  tradingOff?: string;
  /**
   * Where answers link a transaction (`{hash}` for the hash), when not the chain table's explorer: on the local
   * world the app's own transaction page (server/chains/explorer-links.ts).
   */
  explorerTxUrl?: string;
}

export type ChainDirectory = Record<ChainId, ConfiguredChain>;

/**
 * `VENUES_<CHAIN>`: venue contracts key by key over the address book's (null takes one away). Declared here,
 * as the directory reads it, so the chain layer does not import the configuration (server/config/env.ts's
 * venues schema gives this shape).
 */
export type VenuesOverride = Readonly<Record<string, unknown>>;

/** What the directory reads of the configuration (server/config/env.ts's Config has it). */
export interface ChainDirectoryConfig {
  chains: Record<ChainId, { rpcUrls: readonly string[]; mevRpcUrls: readonly string[]; routerAddress?: string; venues?: VenuesOverride }>;
  localWorld: boolean;
  RPC_TIMEOUT_MS: number;
  SOLVER_PRIVATE_KEY?: string;
  SOLVER_SECRET_KEY_SOL?: string;
  DEPLOY_SALT?: string;
  RPC_BREAKER_FAILURES?: number;
  RPC_BREAKER_OPEN_MS?: number;
  PUBLIC_URL?: string;
}

/** A chain's venues as the address book lists them (every stable after the first is a routing connector). */
export function venuesFromAddressBook(book: ChainAddressBook | undefined): Partial<EvmVenues> | undefined {
  if (!book) return undefined;
  const [stable, ...otherStables] = book.stables;
  const contracts: Record<string, string | undefined> = {
    uniswapV2Factory: book.uniswapV2?.factory,
    v2Router: book.uniswapV2?.router02,
    uniswapV3Factory: book.uniswapV3?.factory,
    quoterV2: book.uniswapV3?.quoterV2,
    v3Router: book.uniswapV3?.swapRouter02,
    uniswapV4PoolManager: book.uniswapV4?.poolManager,
    v4Quoter: book.uniswapV4?.v4Quoter,
    pancakeV3Factory: book.pancakeswapV3?.factory,
    pancakeV3Router: book.pancakeswapV3?.swapRouter,
    pancakeV2Factory: book.pancakeswapV2?.factory,
    pancakeV2Router: book.pancakeswapV2?.router02,
  };
  return {
    wrappedNative: book.wrappedNative.address,
    stable: stable && { address: stable.address, decimals: stable.decimals },
    multicall3: book.multicall3?.address,
    connectors: otherStables.map((token) => token.address),
    ...Object.fromEntries(Object.entries(contracts).filter(([, address]) => address !== undefined)),
  };
}

/**
 * The venues a chain trades on: `override` (VENUES_<CHAIN>) key by key over `base`, a key set to null taking the
 * base's venue contract away; undefined without a wrapped native coin and a stable, which every quote needs (for
 * gas in USD, and as routing connectors).
 */
export function mergeVenues(base: Partial<EvmVenues> | undefined, override: VenuesOverride | undefined): EvmVenues | undefined {
  const defined = (venues: object | undefined) => Object.fromEntries(Object.entries(venues ?? {}).filter(([, value]) => value !== undefined));
  const withNulls = { multicall3: MULTICALL3, connectors: [], ...defined(base), ...defined(override) } as Record<string, unknown>;
  const merged = Object.fromEntries(Object.entries(withNulls).filter(([, value]) => value !== null)) as Partial<EvmVenues>;
  if (!merged.wrappedNative || !merged.stable) return undefined;
  return merged as EvmVenues;
}

/** Multicall3 sits at this address on nearly every chain (its own deployment list), and the local world. */
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
