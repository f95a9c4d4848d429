/**
 * Starting and stopping the production server for the end-to-end suites. Shared by the global setup and
 * teardown, which Playwright may load as separate modules: everything they need to agree on travels through
 * process.env (which the workers inherit too).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../devnet/free-port';
import { maskSecrets, secretsIn, serverManifest } from './env';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NEXT_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'next');
/** `npm start`: the production server (server/http/app-server.ts) on the built app. */
const START_SCRIPT = path.join(REPO_ROOT, 'scripts', 'start.ts');

/** Set by the setup only when it started the server itself, so the teardown never stops anything else. */
export const SERVER_PID_ENV = 'E2E_SERVER_PID';
export const TEMP_ROOT_ENV = 'E2E_TEMP_ROOT';

const READY_TIMEOUT_MS = 60_000;

export function ensureBuild(): void {
  if (existsSync(path.join(REPO_ROOT, '.next', 'BUILD_ID')) && process.env.E2E_REBUILD !== '1') return;
  console.log('[e2e] no production build found: running next build');
  const result = spawnSync(NEXT_BIN, ['build'], { cwd: REPO_ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
  // Once per run: workers (which inherit this) and later servers use this build, never rebuild under a running one.
  process.env.E2E_REBUILD = '0';
}

/**
 * The server's environment: the caller's, minus anything that would point it at real chains or a shared
 * database. With no RPC_URL_* the app runs in local-world mode, the only mode in which DEV_API_KEY is valid.
 */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(RPC_URL|MEV_RPC_URL|FORK_URL|ROUTER_ADDRESS)_/.test(name)) continue;
    if (['DATABASE_URL', 'APP_SECRET', 'DATA_DIR', 'PORT', 'NODE_OPTIONS'].includes(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra, NODE_ENV: 'production' };
}

function tail(file: string, chars = 8_000): string {
  try {
    // Masked: a start that fails on the RPC credentials must not print them either.
    const text = maskSecrets(readFileSync(file, 'utf8'));
    return text.length > chars ? `...${text.slice(-chars)}` : text;
  } catch {
    return '(no server output)';
  }
}

export interface StartedServer {
  baseUrl: string;
  devApiKey: string;
  dataDir: string;
  tempRoot: string;
  pid: number;
}

/**
 * `env` adds to the server's environment (e.g. DATABASE_URL and APP_SECRET for several instances). When the
 * setup wrote a manifest with credentials in its RPC URLs (serverManifest()), every server reads that one.
 */
export async function startServer(options: { env?: Record<string, string>; devApiKey?: string } = {}): Promise<StartedServer> {
  ensureBuild();
  const tempRoot = mkdtempSync(path.join(tmpdir(), 'swapbridge-e2e-'));
  // The data folder holds only what the app writes, so tests can inspect every byte of it.
  const dataDir = path.join(tempRoot, 'data');
  mkdirSync(dataDir);
  const logFile = path.join(tempRoot, 'server.log');
  const port = await freePort();
  const devApiKey = options.devApiKey ?? `e2e_dev_${randomBytes(24).toString('base64url')}`;
  const baseUrl = `http://127.0.0.1:${port}`;

  const log = openSync(logFile, 'a');
  // A file, not a pipe: nothing has to keep draining the server's output for it to keep running.
  const child = spawn(process.execPath, ['--import', 'tsx', START_SCRIPT, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: REPO_ROOT,
    // Every page of the suite comes from this machine's one address, many browsers at once: the limits on
    // callers without a key (requests and new sessions per address) are raised so they limit none of them.
    env: serverEnv({
      DATA_DIR: dataDir,
      DEV_API_KEY: devApiKey,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ANON_RATE_LIMIT_PER_MINUTE: '100000',
      SESSIONS_PER_IP_PER_HOUR: '100000',
      ...(serverManifest() ? { DEVNET_MANIFEST: serverManifest()! } : {}),
      ...options.env,
    }),
    stdio: ['ignore', log, log],
    // Its own process group, so the teardown can stop the server and anything it spawned in one signal.
    detached: true,
  });
  closeSync(log);
  if (child.pid === undefined) throw new Error('could not spawn the production server');
  const pid = child.pid;

  let exited: string | undefined;
  child.on('exit', (code, signal) => {
    exited = `exit code ${code ?? 'none'}, signal ${signal ?? 'none'}`;
  });

  const started = Date.now();
  try {
    for (;;) {
      if (exited) throw new Error(`the server stopped before it was ready (${exited}). Its output:\n${tail(logFile)}`);
      if (Date.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`the server did not answer 200 on /api/health within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${tail(logFile)}`);
      }
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    stopProcessGroup(pid);
    await waitForExit(pid);
    rmSync(tempRoot, { recursive: true, force: true });
    throw error;
  }
  child.unref();
  return { baseUrl, devApiKey, dataDir, tempRoot, pid };
}

/** Whether a process still exists (signal 0 checks without signalling). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function stopProcessGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export async function waitForExit(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

/**
 * Stops the server and removes its temp folder. Its log, read to the end first, must not show any of the RPC
 * credentials (env.ts secretsIn): when it does, this throws with the offending lines, the secrets masked.
 */
export async function stopServer(pid: number, tempRoot: string | undefined): Promise<void> {
  stopProcessGroup(pid, 'SIGTERM');
  if (!(await waitForExit(pid))) {
    stopProcessGroup(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  if (!tempRoot || !path.basename(tempRoot).startsWith('swapbridge-e2e-')) return;
  const leaks = leakedLogLines(path.join(tempRoot, 'server.log'));
  rmSync(tempRoot, { recursive: true, force: true });
  if (leaks.length > 0) {
    throw new Error(`the server's log shows RPC credentials on ${leaks.length} line(s) (secrets masked):\n${leaks.slice(0, 20).join('\n')}`);
  }
}

/** The log's lines that contain an RPC secret, masked, each with its line number. */
function leakedLogLines(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line, index) => {
    const names = secretsIn(line);
    return names.length > 0 ? [`  ${index + 1} (${names.join(', ')}): ${maskSecrets(line).slice(0, 1_000)}`] : [];
  });
}

/** Stops the server the global setup started (named by SERVER_PID_ENV), once; its log is checked as it stops. */
export async function stopStartedServer(): Promise<void> {
  const pid = Number(process.env[SERVER_PID_ENV]);
  const tempRoot = process.env[TEMP_ROOT_ENV];
  delete process.env[SERVER_PID_ENV];
  delete process.env[TEMP_ROOT_ENV];
  if (!Number.isInteger(pid) || pid <= 0) return;
  await stopServer(pid, tempRoot);
}
