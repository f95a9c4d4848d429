/**
 * The local chain world for `GET /api/dev/devnet` and `dev.devnet`. The keys in its manifest (the funded
 * test accounts', the treasury's, the maker's, the bridge solver's) are test keys of this machine's world,
 * but they move every test fund on it: they go only to a key holder on this machine itself. A page (its
 * wallet holds its own keys) and any caller from elsewhere get the same world without them.
 */
import type { Principal } from '@/server/auth/authenticate';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { requireLocalWorld, type LocalWorld } from '@/server/devnet/local-world';

const KEY_FIELDS = new Set(['privateKey', 'secretKey']);

export interface DevnetCaller {
  principal?: Principal;
  /** Where the request came from (server/rest/peer-address.ts); unknown counts as elsewhere. */
  peer?: 'loopback' | 'remote';
}

export function devnetAnswer(world: LocalWorld | undefined, caller: DevnetCaller) {
  const { chains } = requireLocalWorld(world).manifest;
  const withKeys = caller.peer === 'loopback' && caller.principal !== undefined && caller.principal.kind !== 'session';
  return { success: true as const, chains: withKeys ? chains : (withoutKeys(chains) as DevnetManifest['chains']) };
}

/** A copy without any key field, at any depth: new kinds of accounts in the manifest stay covered. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([name]) => !KEY_FIELDS.has(name)).map(([name, inner]) => [name, withoutKeys(inner)]));
}
