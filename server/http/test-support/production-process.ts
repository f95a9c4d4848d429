/**
 * The production server (`npm start`, scripts/start.ts) in a process of its own on a free port, on the local
 * world the integration run provides (DEVNET_MANIFEST) and a data folder of its own, with its output kept
 * line by line: for the tests of what the process itself does (its answers on the wire, its logs, its exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@/devnet/free-port';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 90_000;

export interface ProductionProcess {
  baseUrl: string;
  devApiKey: string;
  child: ChildProcess;
  /** Every line written so far, in order. */
  stdout: string[];
  stderr: string[];
  /** Resolves when the process has exited: its code or signal, and when. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Ends the process if it still runs (SIGKILL) and removes its data folder. */
  dispose(): Promise<void>;
}

/** The caller's environment without anything that points at real chains or a shared database. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(RPC_URL|MEV_RPC_URL|FORK_URL|ROUTER_ADDRESS)_/.test(name)) continue;
    if (['DATABASE_URL', 'APP_SECRET', 'DATA_DIR', 'PORT', 'NODE_OPTIONS', 'LOG_FORMAT', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'].includes(name))
      continue;
    env[name] = value;
  }
  return { ...env, NODE_ENV: 'production', ...extra };
}

function collectLines(stream: NodeJS.ReadableStream | null, into: string[]): void {
  let partial = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    into.push(...lines);
  });
  stream?.on('end', () => {
    if (partial) into.push(partial);
  });
}

/** Starts it and waits until it answers HTTP (any status: health may still be finding its chains). */
export async function startProductionProcess(env: Record<string, string> = {}): Promise<ProductionProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapbridge-process-'));
  const port = await freePort();
  const devApiKey = `process_dev_${randomBytes(24).toString('base64url')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: REPO,
    env: serverEnv({ DATA_DIR: dataDir, DEV_API_KEY: devApiKey, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  collectLines(child.stdout, stdout);
  collectLines(child.stderr, stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const dispose = async () => {
    if (!hasExited) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (hasExited || Date.now() - started > READY_TIMEOUT_MS) {
      await dispose();
      throw new Error(`the server did not start. Its output:\n${[...stdout, ...stderr].slice(-40).join('\n')}`);
    }
    try {
      await (await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(5_000) })).arrayBuffer();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { baseUrl, devApiKey, child, stdout, stderr, exited, dispose };
}
