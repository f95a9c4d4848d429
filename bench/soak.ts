/**
 * Soak: mixed traffic against the production server on a local world of its own, on loopback only, bounded
 * in time and count: reads of every kind (quotes, values, token and pool data, balances, bridge quotes, bad
 * input) from `--concurrency` workers, beside one worker that trades (quote, sign, execute) and one that
 * bridges (quote, sign the deposit, execute to the fill) the whole time. The server's memory and descriptors
 * are printed every minute. It fails (exit 1) on any answer other than 2xx/4xx-by-design or 429, on a trade
 * or bridge that does not succeed, on memory that keeps growing after warm-up, on open file descriptors that
 * keep growing, and on anvil processes left behind.
 *
 *   node --import tsx bench/soak.ts [--seconds 180] [--concurrency 8] [--max-requests 200000]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { devnetDir, startWorld, type RunningWorld } from '@/devnet/world';
import { alive, startServer, stopServer, type StartedServer } from '@/e2e/support/server';
import { mixedRequests, sendMixedRequest, type MixTally } from './request-mix';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    concurrency: { type: 'string', default: '8' },
    'max-requests': { type: 'string', default: '200000' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const MAX_REQUESTS = Number(values['max-requests']);
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'soak.json');
const NATIVE = '0x0000000000000000000000000000000000000000';

/** This world's own node processes (its pid file), so other worlds on the machine do not count. */
function worldPids(dataDir: string): number[] {
  try {
    return JSON.parse(readFileSync(path.join(devnetDir(dataDir), 'pids.json'), 'utf8')) as number[];
  } catch {
    return [];
  }
}

/** The Next server's own node process: the group leader started by startServer, or its child. */
function serverPids(leader: number): number[] {
  const pids = [leader];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-g', String(leader)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map(Number)
        .filter((pid) => pid !== leader),
    );
  } catch {
    // no children
  }
  return pids;
}

function rssKb(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return sum + Number(match?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
}

function fdCount(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      return sum;
    }
  }, 0);
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'));
let world: RunningWorld | undefined;
let server: StartedServer | undefined;
let failed = false;
try {
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'ARB', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  process.env.DEVNET_MANIFEST = world.manifestPath;
  server = await startServer();
  const live = server;
  const base = world.manifest.chains.BASE!;
  const alpha = base.tokens.find((token) => token.symbol === 'ALPHA')!.address;

  const mix = mixedRequests(world.manifest);

  const tally: MixTally = { byStatus: {}, unexpected: [] };
  const { byStatus, unexpected } = tally;
  const flows = { trades: 0, bridges: 0 };
  let sent = 0;
  const deadline = Date.now() + SECONDS * 1_000;
  // Caches, JIT and connection pools settle during the first third; growth is judged after it.
  const warmupEnds = Date.now() + SECONDS * 333;
  const memory: { atMs: number; rssKb: number; fds: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const pids = serverPids(live.pid);
    const sample = { atMs: Date.now() - started, rssKb: rssKb(pids), fds: fdCount(pids) };
    memory.push(sample);
    if (memory.length % 30 === 0) {
      console.error(
        `[soak] ${Math.round(sample.atMs / 60_000)} min: RSS ${Math.round(sample.rssKb / 1024)} MiB, ${sample.fds} descriptors, ${sent} requests, ${flows.trades} trades, ${flows.bridges} bridges`,
      );
    }
  }, 2_000);

  async function worker(): Promise<void> {
    while (Date.now() < deadline && sent < MAX_REQUESTS) {
      await sendMixedRequest(live.baseUrl, live.devApiKey, mix[sent++ % mix.length]!, tally, 30_000);
    }
  }
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${live.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.devApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const getJson = async (path: string, query: Record<string, string>) => {
    const response = await fetch(`${live.baseUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${live.devApiKey}` },
      signal: AbortSignal.timeout(30_000),
    });
    byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    return { status: response.status, body: (await response.json()) as { transaction: Record<string, string> } };
  };
  const sign = (account: PrivateKeyAccount, hex: string | undefined) =>
    hex ? account.signTransaction(parseTransaction(hex as Hex) as TransactionSerializableEIP1559) : Promise.resolve(undefined);
  // One trader and one bridger, each sending one flow at a time (their nonces stay in order).
  const tradingAccount = privateKeyToAccount(base.accounts[6]!.privateKey as Hex);
  const bridger = privateKeyToAccount(base.accounts[7]!.privateKey as Hex);
  async function flow(name: 'trades' | 'bridges', run: () => Promise<boolean>): Promise<void> {
    while (Date.now() < deadline && sent < MAX_REQUESTS) {
      try {
        if (await run()) flows[name] += 1;
        else unexpected.push(`${name}: did not succeed`);
      } catch (error) {
        unexpected.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const trade = async () => {
    const quoted = await getJson('/api/v2/quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '1000000000000000',
      slippage: '100',
      trader: tradingAccount.address,
    });
    if (quoted.status !== 200) return false;
    const { trade: unsigned, approve, extra, quoteId } = quoted.body.transaction;
    const executed = await post('/api/v2/execute', {
      chain: 'BASE',
      quoteId,
      mev: false,
      simulation: true,
      trade: await sign(tradingAccount, unsigned),
      approve: await sign(tradingAccount, approve),
      extra: await sign(tradingAccount, extra),
    });
    return executed.status === 200 && executed.body.status === 'SUCCESS';
  };
  const bridge = async () => {
    const quoted = await getJson('/api/v1/bridge/quote', { source: 'BASE', destination: 'ARB', amount: '10000000000000000', trader: bridger.address });
    if (quoted.status !== 200) return false;
    const executed = await post('/api/v1/bridge/execute', {
      sourceChain: 'BASE',
      requestId: quoted.body.transaction.requestId,
      trade: await sign(bridger, quoted.body.transaction.trade),
    });
    return executed.status === 200 && executed.body.status === 'SUCCESS';
  };
  await Promise.all([...Array.from({ length: CONCURRENCY }, worker), flow('trades', trade), flow('bridges', bridge)]);
  clearInterval(sampler);

  // Growth after warm-up: the median of the last quarter of samples against the first quarter's.
  const steady = memory.filter((sample) => sample.atMs >= warmupEnds - started);
  const quarter = Math.max(1, Math.floor(steady.length / 4));
  const early = steady.slice(0, quarter);
  const late = steady.slice(-quarter);
  const rssGrowth = median(late.map((s) => s.rssKb)) / median(early.map((s) => s.rssKb)) - 1;
  const fdGrowth = median(late.map((s) => s.fds)) - median(early.map((s) => s.fds));
  const elapsedS = (Date.now() - started) / 1_000;

  await stopServer(live.pid, live.tempRoot);
  server = undefined;
  const nodes = worldPids(dataDir);
  await world.stop();
  world = undefined;
  const leftNodes = nodes.filter(alive);

  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpuCount: os.cpus().length, node: process.version, loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100 },
    seconds: Math.round(elapsedS),
    concurrency: CONCURRENCY,
    requests: sent,
    requestsPerSecond: Math.round(sent / elapsedS),
    byStatus,
    flows,
    unexpected: unexpected.slice(0, 20),
    rssKb: { early: median(early.map((s) => s.rssKb)), late: median(late.map((s) => s.rssKb)), growthPercent: Math.round(rssGrowth * 1_000) / 10 },
    fds: { early: median(early.map((s) => s.fds)), late: median(late.map((s) => s.fds)), growth: fdGrowth },
    nodes: { started: nodes.length, leftRunning: leftNodes.length },
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  // Bounds: no unexpected answer, RSS within 25 % of its warm level, a handful of descriptors at most.
  const problems = [
    unexpected.length > 0 ? `${unexpected.length} unexpected answers` : '',
    flows.trades === 0 || flows.bridges === 0 ? 'no trade or no bridge completed' : '',
    rssGrowth > 0.25 ? `RSS grew ${Math.round(rssGrowth * 100)} %` : '',
    fdGrowth > 20 ? `open descriptors grew by ${fdGrowth}` : '',
    leftNodes.length > 0 ? `${leftNodes.length} node processes left running` : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    failed = true;
    console.error(`soak failed: ${problems.join('; ')}`);
  } else {
    console.log('soak passed');
  }
} finally {
  if (server) await stopServer(server.pid, server.tempRoot);
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
