/**
 * Snapshots of the deployed EVM world, one per chain: deploy once onto a scratch anvil, dump its state,
 * and boot every later node from the dump with `--load-state` (tens of milliseconds instead of a redeploy).
 *
 * Files: `<cacheDir>/<worldVersion>/<CHAIN>.state.json` (anvil's state, un-gzipped) and `<CHAIN>.info.json`
 * (addresses, tokens, pools). The world version hashes bytecode, spec and deploy script, so any change to
 * them lands in a new folder and redeploys.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { startAnvil } from '../anvil';
import { deployEvmWorld, evmWorldVersion, type EvmWorldInfo } from './deploy-world';

export interface PreparedEvmChain {
  stateFile: string;
  info: EvmWorldInfo;
}

export interface RunningEvmChain {
  url: string;
  port: number;
  pid: number | undefined;
  info: EvmWorldInfo;
  stop: () => Promise<void>;
}

function compileCacheDir(cacheDir: string): string {
  return path.join(cacheDir, 'solc');
}

function writeAtomic(file: string, contents: string): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** `anvil_dumpState` answers gzip as hex; `--load-state` wants the plain JSON. */
function decodeDump(hex: string): string {
  const bytes = Buffer.from(hex.startsWith('0x') ? hex.slice(2) : hex, 'hex');
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
}

const preparing = new Map<string, Promise<PreparedEvmChain>>();

/** The chain's snapshot and world info: from the cache, or deployed onto a scratch anvil and dumped. */
export async function prepareEvmChainState(chain: EvmChainId, options: { cacheDir: string }): Promise<PreparedEvmChain> {
  const cacheDir = path.resolve(options.cacheDir);
  const version = await evmWorldVersion({ compileCacheDir: compileCacheDir(cacheDir) });
  const dir = path.join(cacheDir, version);
  const stateFile = path.join(dir, `${chain}.state.json`);
  const infoFile = path.join(dir, `${chain}.info.json`);

  const running = preparing.get(stateFile);
  if (running) return running;
  const promise = (async (): Promise<PreparedEvmChain> => {
    if (existsSync(stateFile) && existsSync(infoFile)) {
      try {
        return { stateFile, info: JSON.parse(readFileSync(infoFile, 'utf8')) as EvmWorldInfo };
      } catch {
        // unreadable info: deploy again below
      }
    }
    // One account is enough for deploying; the booted nodes get their accounts from their own flags.
    const scratch = await startAnvil({ chainId: CHAINS[chain].chainId, args: ['--accounts', '1'] });
    try {
      const info = await deployEvmWorld(scratch.url, chain, { compileCacheDir: compileCacheDir(cacheDir) });
      const dump = decodeDump(await rpc<string>(scratch.url, 'anvil_dumpState'));
      mkdirSync(dir, { recursive: true });
      // State first, info last: the info file's presence means the pair is complete.
      writeAtomic(stateFile, dump);
      writeAtomic(infoFile, JSON.stringify(info, null, 2));
      return { stateFile, info };
    } finally {
      await scratch.stop();
    }
  })();
  preparing.set(stateFile, promise);
  promise.then(
    () => preparing.delete(stateFile),
    () => preparing.delete(stateFile),
  );
  return promise;
}

/** Boots one chain of the world from its snapshot (preparing the snapshot first when needed). */
export async function startEvmChain(chain: EvmChainId, options: { cacheDir: string; port?: number; accounts?: number }): Promise<RunningEvmChain> {
  const { stateFile, info } = await prepareEvmChainState(chain, { cacheDir: options.cacheDir });
  const node = await startAnvil({
    chainId: CHAINS[chain].chainId,
    port: options.port,
    args: ['--load-state', stateFile, '--accounts', String(options.accounts ?? 20), '--balance', '10000'],
  });
  try {
    const [chainIdHex, factoryCode] = await Promise.all([
      rpc<string>(node.url, 'eth_chainId'),
      rpc<string>(node.url, 'eth_getCode', [info.contracts.uniswapV2Factory, 'latest']),
    ]);
    if (Number(chainIdHex) !== info.chainId) throw new Error(`${chain} node answers chain id ${Number(chainIdHex)}, expected ${info.chainId}`);
    if (!factoryCode || factoryCode === '0x') {
      throw new Error(`${chain} node booted from ${stateFile} has no code at the V2 factory ${info.contracts.uniswapV2Factory}`);
    }
  } catch (error) {
    await node.stop();
    throw error;
  }
  return { url: node.url, port: node.port, pid: node.process.pid, info, stop: node.stop };
}
