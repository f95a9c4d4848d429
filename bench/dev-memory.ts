/**
 * Memory of the app's own process under mixed API traffic: starts a local world (BASE, ARB, SOL) and the
 * app on it, sends `--requests` mixed reads (the soak's mix) from `--concurrency` callers, and records the
 * server's resident memory (its whole process group) before the first request and after every
 * `--every` requests. `--server dev` runs `next dev` (what `npm run dev` serves), `--server start` the
 * production server on the current build (what `npm run app` serves). Results: bench/results/dev-memory-<server>.json.
 *
 *   node --import tsx bench/dev-memory.ts [--server dev|start] [--requests 10000] [--every 1000] [--concurrency 4]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { freePort } from '@/devnet/free-port';
import { startWorld, type RunningWorld } from '@/devnet/world';
import { REPO_ROOT, startServer, stopServer, waitForExit, stopProcessGroup } from '@/e2e/support/server';
import { mixedRequests, sendMixedRequest, type MixTally } from './request-mix';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'dev' },
    requests: { type: 'string', default: '10000' },
    every: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const SERVER = values.server === 'start' ? 'start' : 'dev';
const REQUESTS = Number(values.requests);
const EVERY = Number(values.every);
const CONCURRENCY = Number(values.concurrency);
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `dev-memory-${SERVER}.json`);
const DEV_READY_TIMEOUT_MS = 180_000;

interface RunningApp {
  baseUrl: string;
  devApiKey: string;
  pid: number;
  stop(): Promise<void>;
}

/** Resident memory of a process group (next dev runs its router and its render server as two processes). */
function groupRssKb(leader: number): number {
  let pids = [leader];
  try {
    pids = execFileSync('pgrep', ['-g', String(leader)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    // the leader alone
  }
  return pids.reduce((sum, pid) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
}

async function waitForHealth(baseUrl: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = exited();
    if (why) throw new Error(`the app stopped before it was ready (${why})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // compiling or not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** `next dev` as `npm run dev` runs it (no hostname: the origin guard knows only its configuration), on a data folder of its own. */
async function startDevServer(dataDir: string): Promise<RunningApp> {
  const port = await freePort();
  const devApiKey = `bench_dev_${Date.now().toString(36)}`;
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'next'), ['dev', '-p', String(port)], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DEV_API_KEY: devApiKey, LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error('could not spawn next dev');
  const pid = child.pid;
  let exited: string | undefined;
  child.on('exit', (code, signal) => {
    exited = `exit ${code ?? 'none'}, signal ${signal ?? 'none'}`;
  });
  const stop = async () => {
    stopProcessGroup(pid);
    if (!(await waitForExit(pid))) stopProcessGroup(pid, 'SIGKILL');
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, DEV_READY_TIMEOUT_MS, () => exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, devApiKey, pid, stop };
}

/**
 * The development server hands its own scripts to a page opened at 127.0.0.1 (Next refuses `/_next/*` to
 * origins it does not know: such a page never becomes interactive). Asks for the page's first script as
 * the browser does from that page.
 */
async function checkLoopbackOrigin(app: RunningApp): Promise<void> {
  const html = await (await fetch(`${app.baseUrl}/status`, { signal: AbortSignal.timeout(120_000) })).text();
  const script = /<script[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error('the page lists no script of the development server');
  const response = await fetch(`${app.baseUrl}${script}`, {
    headers: { origin: app.baseUrl, 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' },
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the development server refused its script ${script} to ${app.baseUrl}: ${response.status}`);
  console.error(`[memory] dev: ${script} served to a page at ${app.baseUrl} (${response.status})`);
}

async function startProductionServer(): Promise<RunningApp> {
  const server = await startServer();
  return { ...server, stop: () => stopServer(server.pid, server.tempRoot) };
}

async function sendMix(app: RunningApp, world: RunningWorld, onRequest: (done: number) => void) {
  const mix = mixedRequests(world.manifest);
  const tally: MixTally = { byStatus: {}, unexpected: [] };
  let sent = 0;
  let done = 0;
  async function caller(): Promise<void> {
    while (sent < REQUESTS) {
      await sendMixedRequest(app.baseUrl, app.devApiKey, mix[sent++ % mix.length]!, tally, 60_000);
      onRequest(++done);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  return tally;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-dev-memory-'));
let world: RunningWorld | undefined;
let app: RunningApp | undefined;
try {
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'ARB', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  process.env.DEVNET_MANIFEST = world.manifestPath;
  const started = Date.now();
  app = SERVER === 'dev' ? await startDevServer(path.join(dataDir, 'app')) : await startProductionServer();
  const live = app;
  if (SERVER === 'dev') await checkLoopbackOrigin(live);
  const samples = [{ requests: 0, rssMiB: Math.round(groupRssKb(live.pid) / 1024), atS: 0 }];
  console.error(`[memory] ${SERVER}: ready in ${Math.round((Date.now() - started) / 1000)} s, RSS ${samples[0]!.rssMiB} MiB`);
  const mixStarted = Date.now();
  const { byStatus, unexpected } = await sendMix(live, world, (done) => {
    if (done % EVERY !== 0) return;
    const sample = { requests: done, rssMiB: Math.round(groupRssKb(live.pid) / 1024), atS: Math.round((Date.now() - mixStarted) / 1000) };
    samples.push(sample);
    console.error(`[memory] ${SERVER}: ${sample.requests} requests, RSS ${sample.rssMiB} MiB, ${sample.atS} s`);
  });
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpuCount: os.cpus().length, node: process.version, loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100 },
    server: SERVER,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    byStatus,
    unexpected: unexpected.slice(0, 20),
    samples,
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await app?.stop();
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
