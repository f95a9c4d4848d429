/**
 * One local chain world per test run, shared by every test file (each uses its own accounts). A run that
 * was handed a world (DEVNET_MANIFEST pointing at a live manifest) uses it; otherwise it starts one on
 * free ports in a temporary folder, so it never collides with a running dev server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDevnetManifest, type DevnetManifest } from '@/server/chains/devnet-manifest';
import type { ChainId } from '@/server/chains/registry';
import { startWorld } from './world';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Deployed snapshots survive between runs on one machine; a change to the world redeploys. */
export const TEST_STATE_CACHE = path.join(REPO_ROOT, '.test-data', 'evm-state');

export interface TestWorld {
  manifestPath: string;
  manifest: DevnetManifest;
  stop(): Promise<void>;
}

export async function ensureTestWorld(): Promise<TestWorld> {
  const given = process.env.DEVNET_MANIFEST;
  if (given && existsSync(given)) {
    return { manifestPath: given, manifest: readDevnetManifest(given)!, stop: async () => undefined };
  }
  const world = await startWorldIn('test-world-');
  process.env.DEVNET_MANIFEST = world.manifestPath;
  return {
    ...world,
    async stop() {
      await world.stop();
      delete process.env.DEVNET_MANIFEST;
    },
  };
}

/**
 * A world of its own (every chain, or a few) booted from the run's snapshot cache: for one test file (the
 * `int-isolated` project) or a suite (the end-to-end run) beside the shared world's files.
 */
export function startOwnWorld(chains?: readonly ChainId[]): Promise<TestWorld> {
  return startWorldIn('own-world-', chains);
}

/** A world on free ports in a temporary folder of its own, removed when the world stops. */
async function startWorldIn(prefix: string, chains?: readonly ChainId[]): Promise<TestWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const world = await startWorld({ dataDir, ports: 'free', chains, stateCacheDir: TEST_STATE_CACHE });
  return {
    manifestPath: world.manifestPath,
    manifest: world.manifest,
    async stop() {
      await world.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The manifest of the run's world, for test files (set by the global setup). */
export function testManifest(): DevnetManifest {
  const file = process.env.DEVNET_MANIFEST;
  const manifest = file ? readDevnetManifest(file) : undefined;
  if (!manifest) throw new Error('No local chain world for this test run: run the tests through vitest/playwright so the global setup starts one.');
  return manifest;
}
