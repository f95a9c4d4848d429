/**
 * `npm run devnet`: the local chain world alone, on fixed ports (EVM from 8545 or DEVNET_BASE_PORT, Solana
 * on 8899 or DEVNET_SOLANA_PORT; DEVNET_PORTS=free lets the OS choose), until Ctrl-C or SIGTERM.
 */
import { CHAIN_IDS } from '@/server/chains/registry';
import { devnetEnv } from '@/server/config/env';
import { DEFAULT_BASE_PORT, DEFAULT_SOLANA_PORT, startWorld, type RunningWorld } from './world';

export async function runWorldUntilSignal(dataDir: string, onReady?: (world: RunningWorld) => Promise<void> | void) {
  const started = performance.now();
  // eslint-disable-next-line prefer-const -- the signal handlers below read it before it is assigned, where a const would throw
  let world: RunningWorld | undefined;
  /** The exit code a signal asked for while the world was still starting. */
  let askedToStop: number | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (!world) {
      askedToStop ??= code;
      return;
    }
    if (stopping) return;
    stopping = true;
    await world.stop();
    process.exit(code);
  };
  // Before the world starts: its manifest is written before startWorld returns, so a signal can come while it
  // starts; it then stops the world once it is up, instead of ending the process and leaving its nodes running.
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('uncaughtException', (error) => {
    console.error(error);
    void stop(1);
  });
  const env = devnetEnv();
  world = await startWorld({
    dataDir,
    ports: env.freePorts ? 'free' : 'fixed',
    chains: env.chains,
    stateCacheDir: env.stateCacheDir,
    forkUrls: env.forkUrls,
    basePort: env.basePort ?? DEFAULT_BASE_PORT,
    solanaPort: env.solanaPort ?? DEFAULT_SOLANA_PORT,
    log: (message) => console.log(`[devnet] ${message}`),
  });
  if (askedToStop !== undefined) await stop(askedToStop);
  console.log(`[devnet] ${Object.keys(world.manifest.chains).length} chains up in ${Math.round(performance.now() - started)} ms`);
  for (const id of CHAIN_IDS) {
    const chain = world.manifest.chains[id];
    if (chain) console.log(`[devnet]   ${id.padEnd(8)} chainId ${String(chain.chainId).padEnd(10)} ${chain.rpcUrl}`);
  }
  await onReady?.(world);
  return { world, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runWorldUntilSignal(devnetEnv().dataDir).catch((error: unknown) => {
    console.error('[devnet] could not start:', error);
    process.exit(1);
  });
}
