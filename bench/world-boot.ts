/**
 * Boot time and memory of the local chain world: a cold start (deploying every chain into an empty
 * snapshot cache), then warm starts from the snapshots. Prints one table.
 *
 *   node --import tsx bench/world-boot.ts [--warm-runs 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startWorld } from '@/devnet/world';
import { childPids, rssKiB } from './support';

const { values } = parseArgs({ options: { 'warm-runs': { type: 'string', default: '3' } } });
const warmRuns = Number(values['warm-runs']);

async function bootOnce(label: string, cacheDir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-world-'));
  const started = performance.now();
  const world = await startWorld({ dataDir, ports: 'free', stateCacheDir: cacheDir });
  const ms = performance.now() - started;
  const anvils = childPids(process.pid).map(rssKiB);
  const row = {
    run: label,
    bootMs: Math.round(ms),
    chains: Object.keys(world.manifest.chains).length,
    anvilRssMiBEach: (anvils.reduce((a, b) => a + b, 0) / Math.max(1, anvils.length) / 1024).toFixed(1),
    anvilRssMiBTotal: (anvils.reduce((a, b) => a + b, 0) / 1024).toFixed(0),
    // The Solana node runs inside the launcher process; after a cold run that process also holds solc-js.
    launcherRssMiB: (rssKiB(process.pid) / 1024).toFixed(0),
  };
  await world.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return row;
}

const cache = mkdtempSync(path.join(tmpdir(), 'bench-world-cache-'));
const rows = [await bootOnce('cold (deploy + snapshot)', cache)];
for (let run = 1; run <= warmRuns; run++) rows.push(await bootOnce(`warm ${run} (load snapshot)`, cache));
rmSync(cache, { recursive: true, force: true });
console.table(rows);
