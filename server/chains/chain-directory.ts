/**
 * Where each chain is reached on this server: its RPC transport, Router address and venues. On a real chain
 * they come from the address book and where `npm run deploy` puts the Router, each overridden by the
 * environment; on the local chain world, from the devnet manifest.
 */
import { deployedRouterAddress } from '@/server/deploy/configured-contracts';
import { ADDRESS_BOOK, type ChainAddressBook } from './address-book';
import { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker';
import { createRpcTransport, type RpcCallOutcome, type RpcTransport } from './json-rpc';
import type { DevnetManifest, ManifestChain } from './devnet-manifest';
import { explorerTxTemplate } from './explorer-links';
import { venueContractsFromManifest } from '@/server/venues/evm/venue-table';
import { CHAIN_IDS, CHAINS, type ChainId, type ChainInfo } from './registry';

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

export function createChainDirectory(
  config: ChainDirectoryConfig,
  manifest: DevnetManifest | undefined,
  onCall?: (outcome: RpcCallOutcome) => void,
  fetchImpl?: typeof fetch,
  onDuration?: CircuitBreakerOptions['onDuration'],
): ChainDirectory {
  const directory = {} as ChainDirectory;
  const deployedRouter = config.localWorld ? undefined : deployedRouterAddress(config);
  for (const id of CHAIN_IDS) {
    const env = config.chains[id];
    const fromManifest = config.localWorld ? manifest?.chains[id] : undefined;
    const urls = env.rpcUrls.length > 0 ? env.rpcUrls : fromManifest ? [fromManifest.rpcUrl] : [];
    const breakerOf = () => createCircuitBreaker({
      chain: id, failures: config.RPC_BREAKER_FAILURES ?? 3, openMs: config.RPC_BREAKER_OPEN_MS ?? 5_000, onDuration,
    });
    const breaker = breakerOf();
    // The MEV RPC is another service than the chain's own RPC: it has its own breaker.
    const mevBreaker = breakerOf();
    const transport = (list: readonly string[], guard: CircuitBreaker) =>
      guard.guard(createRpcTransport({ chain: id, urls: list, timeoutMs: config.RPC_TIMEOUT_MS, onCall, fetch: fetchImpl }));
    const routerAddress = env.routerAddress ?? fromManifest?.routerAddress ?? (CHAINS[id].family === 'evm' ? deployedRouter : undefined) ?? '';
    directory[id] = {
      info: CHAINS[id],
      available: urls.length > 0,
      rpc: transport(urls, breaker),
      breaker,
      mevRpc: env.mevRpcUrls.length > 0 ? transport(env.mevRpcUrls, mevBreaker) : undefined,
      mevRpcFor: env.mevRpcUrls.length > 0
        ? (reward) => transport(reward ? env.mevRpcUrls.map((url) => withQuery(url, 'refundRecipient', reward)) : env.mevRpcUrls, mevBreaker)
        : undefined,
      routerAddress,
      configuredRouterAddress: routerAddress,
      venues: fromManifest
        ? (CHAINS[id].family === 'evm' ? mergeVenues(venuesFromManifest(fromManifest), env.venues) : undefined)
        : mergeVenues(venuesFromAddressBook(ADDRESS_BOOK[id as keyof typeof ADDRESS_BOOK]), env.venues),
      ...(config.localWorld && { explorerTxUrl: explorerTxTemplate(id, { localWorld: true, appUrl: answerAppUrl(config.PUBLIC_URL) }) }),
    };
  }
  return directory;
}

/**
 * The API's `explorerUrl` is a link to open (the interface's execute result), so on the local world it is the
 * app's transaction page under PUBLIC_URL, the address people reach the app at, when that is configured.
 * Unset, PUBLIC_URL's default (localhost) would be wrong for every client not on this machine (a phone on the
 * LAN, a container), so the link is then the path alone, which a client resolves against the base address it
 * called, as the pages do.
 */
function answerAppUrl(publicUrl: string | undefined): string {
  return publicUrl?.replace(/\/+$/, '') ?? '';
}

function venuesFromManifest(chain: ManifestChain): EvmVenues | undefined {
  const stable = chain.tokens.find((token) => token.kind === 'stable');
  const { multicall3 } = chain.contracts;
  const venueContracts = venueContractsFromManifest(chain.contracts);
  if (!stable || !multicall3) return undefined;
  return {
    wrappedNative: chain.wrappedNative,
    stable: { address: stable.address, decimals: stable.decimals },
    multicall3,
    connectors: chain.tokens.filter((token) => token.kind === 'plain').map((token) => token.address),
    ...venueContracts,
  };
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

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
