/**
 * Part of the composition root: builds the chain directory (server/chains/chain-directory.ts) from the
 * configuration and the local world's manifest. It joins what the chain layer cannot import: where
 * `npm run deploy` puts the Router (server/deploy) and the venue keys of the manifest's contracts
 * (server/venues).
 */
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { mergeVenues, venuesFromAddressBook, type ChainDirectory, type ChainDirectoryConfig, type EvmVenues } from '@/server/chains/chain-directory';
import { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerOptions } from '@/server/chains/circuit-breaker';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import { explorerTxTemplate } from '@/server/chains/explorer-links';
import { createRpcTransport, type RpcCallOutcome } from '@/server/chains/json-rpc';
import { CHAIN_IDS, CHAINS, isEvmChain } from '@/server/chains/registry';
import { deployedRouterAddress } from '@/server/deploy/configured-contracts';
import { venueContractsFromManifest } from '@/server/venues/evm/venue-table';

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
    const breakerOf = () =>
      createCircuitBreaker({
        chain: id,
        failures: config.RPC_BREAKER_FAILURES ?? 3,
        openMs: config.RPC_BREAKER_OPEN_MS ?? 5_000,
        onDuration,
      });
    const breaker = breakerOf();
    // The MEV RPC is another service than the chain's own RPC: it has its own breaker.
    const mevBreaker = breakerOf();
    const transport = (list: readonly string[], guard: CircuitBreaker) =>
      guard.guard(createRpcTransport({ chain: id, urls: list, timeoutMs: config.RPC_TIMEOUT_MS, onCall, fetch: fetchImpl }));
    const routerAddress = env.routerAddress ?? fromManifest?.routerAddress ?? (isEvmChain(id) ? deployedRouter : undefined) ?? '';
    directory[id] = {
      info: CHAINS[id],
      available: urls.length > 0,
      rpc: transport(urls, breaker),
      breaker,
      mevRpc: env.mevRpcUrls.length > 0 ? transport(env.mevRpcUrls, mevBreaker) : undefined,
      mevRpcFor:
        env.mevRpcUrls.length > 0
          ? (reward) => transport(reward ? env.mevRpcUrls.map((url) => withQuery(url, 'refundRecipient', reward)) : env.mevRpcUrls, mevBreaker)
          : undefined,
      routerAddress,
      configuredRouterAddress: routerAddress,
      venues: fromManifest
        ? isEvmChain(id)
          ? mergeVenues(venuesFromManifest(fromManifest), env.venues)
          : undefined
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

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
