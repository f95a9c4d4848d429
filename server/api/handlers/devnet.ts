/**
 * The local chain world for `GET /api/dev/devnet` and `dev.devnet`. The keys in its manifest (the funded
 * test accounts', the treasury's, the maker's, the bridge solver's) are test keys of this machine's world,
 * but they move every test fund on it: they go only to a key holder on this machine itself. A page (its
 * wallet holds its own keys) and any caller from elsewhere get the same world without them.
 *
 * Each node's RPC (and websocket) URL is answered as its scheme, host and port only, to every caller: a page
 * hands it to the wallet (`wallet_addEthereumChain`), and a manifest's URL may carry a user, a password or a
 * key (a world behind an authenticated RPC gateway), which no answer shows.
 */
import type { Principal } from '@/server/auth/authenticate';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { requireLocalWorld, type LocalWorld } from '@/server/devnet/local-world';
import { urlEndpoint } from '@/server/chains/redact';

const KEY_FIELDS = new Set(['privateKey', 'secretKey']);

export interface DevnetCaller {
  principal?: Principal;
  /** Where the request came from (server/auth/peer-address.ts); unknown counts as elsewhere. */
  peer?: 'loopback' | 'remote';
}

export function devnetAnswer(world: LocalWorld | undefined, caller: DevnetCaller) {
  const chains = nodeEndpoints(requireLocalWorld(world).manifest.chains);
  const withKeys = caller.peer === 'loopback' && caller.principal !== undefined && caller.principal.kind !== 'session';
  return { success: true as const, chains: withKeys ? chains : (withoutKeys(chains) as DevnetManifest['chains']) };
}

/** Every chain with its node URLs cut to scheme, host and port (text that is no URL at all becomes ''). */
function nodeEndpoints(chains: DevnetManifest['chains']): DevnetManifest['chains'] {
  return Object.fromEntries(
    Object.entries(chains).map(([id, chain]) => {
      const { wsUrl, ...rest } = chain;
      const ws = wsUrl === undefined ? undefined : urlEndpoint(wsUrl);
      return [id, { ...rest, rpcUrl: urlEndpoint(chain.rpcUrl) ?? '', ...(ws === undefined ? {} : { wsUrl: ws }) }];
    }),
  );
}

/** A copy without any key field, at any depth: new kinds of accounts in the manifest stay covered. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !KEY_FIELDS.has(name))
      .map(([name, inner]) => [name, withoutKeys(inner)]),
  );
}
