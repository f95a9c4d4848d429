/**
 * Where each chain is reached on this server: its RPC transport and Router address, from the environment
 * or, on the local chain world, from the devnet manifest.
 */
import type { Config } from '@/server/config/env';
import { createRpcTransport, type RpcCallOutcome, type RpcTransport } from './json-rpc';
import type { DevnetManifest, ManifestChain } from './devnet-manifest';
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
  routerAddress: string;
  /** EVM chains whose venues are known (`VENUES_<CHAIN>`, or the local world's manifest); absent means no trading. */
  venues?: EvmVenues;
}

export type ChainDirectory = Record<ChainId, ConfiguredChain>;

export function createChainDirectory(
  config: Pick<Config, 'chains' | 'localWorld' | 'RPC_TIMEOUT_MS'>,
  manifest: DevnetManifest | undefined,
  onCall?: (outcome: RpcCallOutcome) => void,
  fetchImpl?: typeof fetch,
): ChainDirectory {
  const directory = {} as ChainDirectory;
  for (const id of CHAIN_IDS) {
    const env = config.chains[id];
    const fromManifest = config.localWorld ? manifest?.chains[id] : undefined;
    const urls = env.rpcUrls.length > 0 ? env.rpcUrls : fromManifest ? [fromManifest.rpcUrl] : [];
    const transport = (list: readonly string[]) =>
      createRpcTransport({ chain: id, urls: list, timeoutMs: config.RPC_TIMEOUT_MS, onCall, fetch: fetchImpl });
    directory[id] = {
      info: CHAINS[id],
      available: urls.length > 0,
      rpc: transport(urls),
      mevRpc: env.mevRpcUrls.length > 0 ? transport(env.mevRpcUrls) : undefined,
      mevRpcFor: env.mevRpcUrls.length > 0
        ? (reward) => transport(reward ? env.mevRpcUrls.map((url) => withQuery(url, 'refundRecipient', reward)) : env.mevRpcUrls)
        : undefined,
      routerAddress: env.routerAddress ?? fromManifest?.routerAddress ?? '',
      venues: env.venues ?? (fromManifest && CHAINS[id].family === 'evm' ? venuesFromManifest(fromManifest) : undefined),
    };
  }
  return directory;
}

function venuesFromManifest(chain: ManifestChain): EvmVenues | undefined {
  const stable = chain.tokens.find((token) => token.kind === 'stable');
  const { multicall3 } = chain.contracts;
  const venueContracts = venueContractsFromManifest(chain.contracts);
  if (!stable || !multicall3 || !venueContracts) return undefined;
  return {
    wrappedNative: chain.wrappedNative,
    stable: { address: stable.address, decimals: stable.decimals },
    multicall3,
    connectors: chain.tokens.filter((token) => token.kind === 'plain').map((token) => token.address),
    ...venueContracts,
  };
}

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
