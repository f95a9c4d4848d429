/**
 * Starts one anvil node. The binary ships inside the npm package; calling it directly avoids a Node
 * wrapper process per chain, and lets us kill exactly the process we started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './free-port';

export interface AnvilNode {
  url: string;
  port: number;
  chainId: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export interface AnvilOptions {
  chainId: number;
  port?: number;
  /** Extra command-line arguments, e.g. ['--load-state', file]. */
  args?: string[];
  readyTimeoutMs?: number;
}

/**
 * The block states a node keeps, the newest ones, in memory. By default anvil keeps every state: past a few
 * hundred blocks it starts writing the older ones to disk as each block is mined, and a transfer's send and
 * receipt went from 3 ms to 9 ms at block 650 and 15 ms at block 900 (a local world used for an hour, a
 * long benchmark). Blocks, receipts and logs are all kept; only reads of state older than this many blocks
 * fail (nothing here reads further back than a deposit's confirmation depth or a reverted trade's parent).
 */
export const KEPT_BLOCK_STATES = 256;

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json'));
  const binary = path.join(packageDir, 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary not found at ${binary}; run npm install`);
  return binary;
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(options.chainId),
      '--silent',
      '--prune-history',
      String(KEPT_BLOCK_STATES),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    }
  };

  // Loading a world's state takes a second or two alone; a test run boots three worlds beside a build on two cores.
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil on port ${port} did not answer in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, port, chainId: options.chainId, process: child, stop };
}
