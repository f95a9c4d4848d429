/**
 * The local chain world: one anvil per EVM chain (booted from a deployed snapshot) and the Solana node,
 * with a manifest of URLs, contracts, tokens and funded accounts written for the app and the tests.
 *
 * Stopping the world stops every process it started. A world that died without stopping (SIGKILL) leaves
 * its pids behind in the data folder, and the next start ends those processes before it claims ports.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHAIN_IDS, CHAINS, isEvmChain, type ChainId, type EvmChainId } from '@/server/chains/registry';
import type { DevnetManifest, ManifestChain } from '@/server/chains/devnet-manifest';
import { redactUrl } from '@/server/chains/redact';
import { anvilAccount } from './accounts';
import { startAnvil } from './anvil';
import { startEvmChain } from './evm/evm-snapshot';
import { prepareForkedChain } from './evm/forked-chain';
import { seedSolanaWorld } from './solana/solana-world';
import { startSolanaNode } from './solana/solana-node';
import { freePort } from './free-port';

export const WORLD_VERSION = '1';
/**
 * Fixed ports for `npm run dev`, so a wallet configured once keeps working: EVM chains from 8545 in table
 * order (BASE=8545 … MEGAETH=8558), Solana on 8899, the port Solana tools and wallets call "localnet".
 */
export const DEFAULT_BASE_PORT = 8545;
export const DEFAULT_SOLANA_PORT = 8899;
/** Funded accounts listed per chain (index 0 is the deployer and treasury, listed apart). */
export const LISTED_ACCOUNTS = 19;

export interface WorldOptions {
  dataDir: string;
  /** 'fixed' uses basePort + the chain's position in the table (Solana: solanaPort); 'free' asks the OS (tests). */
  ports?: 'fixed' | 'free';
  basePort?: number;
  solanaPort?: number;
  chains?: readonly ChainId[];
  /**
   * Chains to run as forks of a real chain (FORK_URL_<CHAIN>): anvil with --fork-url on top of real
   * state instead of the snapshot. The project's Router is deployed there once it exists.
   */
  forkUrls?: Partial<Record<EvmChainId, string>>;
  /** Where deployed EVM snapshots are kept (default: inside the data folder); reused across starts. */
  stateCacheDir?: string;
  log?: (message: string) => void;
}

export interface RunningWorld {
  manifest: DevnetManifest;
  manifestPath: string;
  stop(): Promise<void>;
}

export function devnetDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'devnet');
}

export function manifestPathFor(dataDir: string): string {
  return path.join(devnetDir(dataDir), 'manifest.json');
}

interface Stoppable {
  name: string;
  pid?: number;
  stop(): Promise<void>;
}

/** The processes a world runs, with their pids kept in `pidFile` for the next start to clean up after a crash. */
interface WorldProcesses {
  add(item: Stoppable): void;
  stopAll(): Promise<void>;
}

export async function startWorld(options: WorldOptions): Promise<RunningWorld> {
  const log = options.log ?? (() => undefined);
  const dir = devnetDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'pids.json');
  killLeftovers(pidFile, log);

  const chains = options.chains ?? CHAIN_IDS;
  const portFor = (id: ChainId) => chainPort(options, id);
  const processes = trackProcesses(pidFile);
  const manifestChains: DevnetManifest['chains'] = {};
  try {
    const evmChains = chains.filter(isEvmChain);
    const forked = evmChains.filter((id) => options.forkUrls?.[id]);
    await Promise.all(
      forked.map(async (id) => {
        manifestChains[id] = await startForkedChain(id, options.forkUrls![id]!, await portFor(id), processes, log);
      }),
    );
    const started = await Promise.all(
      evmChains
        .filter((id) => !forked.includes(id))
        .map(async (id) => {
          const node = await startEvmChain(id, {
            cacheDir: options.stateCacheDir ?? path.join(dir, 'evm-state'),
            port: await portFor(id),
            accounts: LISTED_ACCOUNTS + 1,
          });
          processes.add({ name: id, pid: node.pid, stop: node.stop });
          return { id, node };
        }),
    );
    for (const { id, node } of started) manifestChains[id] = evmManifestChain(node.url, node.info);
    if (chains.includes('SOL')) manifestChains.SOL = await startSolanaChain(await portFor('SOL'), processes);
  } catch (error) {
    await processes.stopAll();
    throw error;
  }

  const manifest: DevnetManifest = { version: WORLD_VERSION, createdAt: new Date().toISOString(), chains: manifestChains };
  const manifestPath = manifestPathFor(options.dataDir);
  writeFileSync(`${manifestPath}.tmp`, JSON.stringify(manifest, null, 2));
  renameSync(`${manifestPath}.tmp`, manifestPath);
  log(`manifest: ${manifestPath}`);

  return {
    manifest,
    manifestPath,
    async stop() {
      rmSync(manifestPath, { force: true });
      await processes.stopAll();
    },
  };
}

async function chainPort(options: WorldOptions, id: ChainId): Promise<number> {
  if (options.ports === 'free') return freePort();
  return id === 'SOL' ? (options.solanaPort ?? DEFAULT_SOLANA_PORT) : (options.basePort ?? DEFAULT_BASE_PORT) + CHAIN_IDS.indexOf(id);
}

function trackProcesses(pidFile: string): WorldProcesses {
  const running: Stoppable[] = [];
  return {
    add(item) {
      running.push(item);
      // Only processes of our own have a pid; the Solana node runs inside this one.
      if (item.pid !== undefined) writeFileSync(pidFile, JSON.stringify(running.map((entry) => entry.pid).filter((pid) => pid !== undefined)));
    },
    async stopAll() {
      await Promise.allSettled(running.map((item) => item.stop()));
      running.length = 0;
      rmSync(pidFile, { force: true });
    },
  };
}

/**
 * An anvil forking a real chain: its real state and venues (from the address book), the project's Router and
 * Depository deployed on top as `npm run deploy` deploys them, and the world's listed accounts.
 */
async function startForkedChain(
  id: EvmChainId,
  forkUrl: string,
  port: number,
  processes: WorldProcesses,
  log: (message: string) => void,
): Promise<ManifestChain> {
  const node = await startAnvil({ chainId: CHAINS[id].chainId, port, args: ['--fork-url', forkUrl, '--accounts', String(LISTED_ACCOUNTS + 1)] });
  processes.add({ name: id, pid: node.process.pid, stop: node.stop });
  const prepared = await prepareForkedChain(id, node.url);
  log(`${id}: fork of ${redactUrl(forkUrl)}, Router ${prepared.routerAddress}`);
  return { chainId: CHAINS[id].chainId, rpcUrl: node.url, pools: [], accounts: listedEvmAccounts(), ...prepared };
}

async function startSolanaChain(port: number, processes: WorldProcesses): Promise<ManifestChain> {
  const node = await startSolanaNode({ port });
  processes.add({ name: 'SOL', stop: node.stop });
  const world = await seedSolanaWorld(node, { accounts: LISTED_ACCOUNTS });
  return {
    chainId: CHAINS.SOL.chainId,
    rpcUrl: node.url,
    wsUrl: node.wsUrl,
    routerAddress: '',
    wrappedNative: 'So11111111111111111111111111111111111111112',
    contracts: {
      maker: world.maker.address,
      mintAuthority: world.mintAuthority.address,
      feeCollector: world.feeCollector.address,
      // Solana deposits are transfers to the solver itself, with the requestId in a memo.
      depository: world.solver.address,
    },
    tokens: world.tokens,
    pools: [],
    accounts: world.accounts.map((account) => ({ address: account.address, secretKey: account.secretKey })),
    treasury: { address: world.mintAuthority.address, secretKey: world.mintAuthority.secretKey },
    maker: { address: world.maker.address, secretKey: world.maker.secretKey },
    solver: { address: world.solver.address, secretKey: world.solver.secretKey },
  };
}

function listedEvmAccounts() {
  return Array.from({ length: LISTED_ACCOUNTS }, (_, index) => anvilAccount(index + 1));
}

function evmManifestChain(rpcUrl: string, info: Awaited<ReturnType<typeof startEvmChain>>['info']): ManifestChain {
  return {
    chainId: info.chainId,
    rpcUrl,
    routerAddress: info.contracts.router ?? '',
    wrappedNative: info.wrappedNative,
    contracts: info.contracts,
    tokens: info.tokens,
    pools: info.pools,
    accounts: listedEvmAccounts(),
    treasury: { address: info.deployer.address, privateKey: info.deployer.privateKey },
    solver: info.solver,
  };
}

/** Ends processes a previous world left running (it was killed before it could stop them). */
function killLeftovers(pidFile: string, log: (message: string) => void): void {
  let pids: number[];
  try {
    pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('anvil')) continue;
      process.kill(pid, 'SIGKILL');
      log(`stopped leftover node ${pid}`);
    } catch {
      // already gone
    }
  }
  rmSync(pidFile, { force: true });
}
