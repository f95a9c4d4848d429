/**
 * The local chain world as the app sees it: present only when the app runs on it (no RPC configured) and
 * its manifest exists. Everything under /api/dev answers 404 otherwise.
 */
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import type { ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { FaucetQueue } from './faucet-queue';

export interface LocalWorld {
  manifest: DevnetManifest;
  /**
   * Orders the faucet's payments per chain (the app's world has one). A world a test names by its manifest
   * alone has none: its payments are not queued, and a lost race for the treasury's nonce is sent again.
   */
  faucetQueue?: FaucetQueue;
}

export function requireLocalWorld(world: LocalWorld | undefined): LocalWorld {
  if (!world) {
    throw new AppError('NOT_FOUND', 'There is no local chain world on this server: /api/dev endpoints exist only when it runs on one.');
  }
  return world;
}

export function requireWorldChain(world: LocalWorld, chain: ChainId): ManifestChain {
  const entry = world.manifest.chains[chain];
  if (!entry) throw new AppError('CHAIN_UNAVAILABLE', `${chain} is not part of the running local chain world.`);
  return entry;
}
