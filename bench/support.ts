/**
 * What every benchmark shares: latency statistics, sequential and closed-loop runners, an RPC counter over
 * the process' fetch, the machine's description, anvil process lookups and the results folder.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

// ---------------------------------------------------------------- statistics and runners

export interface LatencyStats {
  count: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function stats(samples: readonly number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    meanMs: round2(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
    p50Ms: round2(percentile(sorted, 50)),
    p90Ms: round2(percentile(sorted, 90)),
    p99Ms: round2(percentile(sorted, 99)),
    maxMs: round2(sorted.at(-1) ?? Number.NaN),
  };
}

/** Times `run` one call at a time, after one untimed call (connections and caches warm, as in a running app). */
export async function measure(rounds: number, run: () => Promise<unknown>): Promise<LatencyStats> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

/**
 * Times each of `runs` one call at a time, taking turns call by call, after one untimed call of each: load
 * that comes and goes on the machine weighs on all of them alike, so their ratios hold.
 */
export async function measureAlternating(rounds: number, runs: readonly (() => Promise<unknown>)[]): Promise<LatencyStats[]> {
  for (const run of runs) await run();
  const samples = runs.map((): number[] => []);
  for (let i = 0; i < rounds; i++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now();
      await run();
      samples[index]!.push(performance.now() - start);
    }
  }
  return samples.map(stats);
}

export interface ClosedLoopResult extends LatencyStats {
  concurrency: number;
  perSecond: number;
}

async function loopSamples(concurrency: number, durationMs: number, run: () => Promise<unknown>, into: number[]): Promise<number> {
  const begin = performance.now();
  const end = begin + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await run();
        into.push(performance.now() - t0);
      }
    }),
  );
  return performance.now() - begin;
}

function loopResult(concurrency: number, samples: readonly number[], elapsedMs: number): ClosedLoopResult {
  return { concurrency, perSecond: Math.round((samples.length / (elapsedMs / 1000)) * 10) / 10, ...stats(samples) };
}

/** `concurrency` callers each calling `run` again as soon as it returns, for `durationMs`. */
export async function closedLoop(concurrency: number, durationMs: number, run: () => Promise<unknown>): Promise<ClosedLoopResult> {
  const samples: number[] = [];
  return loopResult(concurrency, samples, await loopSamples(concurrency, durationMs, run, samples));
}

/**
 * Two closed loops at the same concurrency, run in alternating slices of `durationMs / slices` each: other
 * work on the machine then weighs on both alike, so their ratio holds even while the load moves.
 */
export async function closedLoopPair(
  concurrency: number,
  durationMs: number,
  slices: number,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<[ClosedLoopResult, ClosedLoopResult]> {
  const samples: [number[], number[]] = [[], []];
  const elapsed = [0, 0];
  for (let slice = 0; slice < slices; slice++) {
    elapsed[0]! += await loopSamples(concurrency, durationMs / slices, first, samples[0]);
    elapsed[1]! += await loopSamples(concurrency, durationMs / slices, second, samples[1]);
  }
  return [loopResult(concurrency, samples[0], elapsed[0]!), loopResult(concurrency, samples[1], elapsed[1]!)];
}

// ---------------------------------------------------------------- counting RPC

export interface RpcCounts {
  httpRequests: number;
  rpcCalls: number;
  methods: Record<string, number>;
}

export interface RecordedRequest {
  url: string;
  body: string;
}

export interface RpcCounter {
  /** Counts since the counter was installed, per chain label (requests to unknown URLs count under `other`). */
  snapshot(): Record<string, RpcCounts>;
  /** Counts summed over every chain (replays left out) between two snapshots, or of one chain. */
  since(before: Record<string, RpcCounts>, chain?: string): RpcCounts;
  /** The requests `run` sent, in order, to replay them without the service around them. */
  record(run: () => Promise<unknown>): Promise<RecordedRequest[]>;
  uninstall(): void;
}

export const emptyCounts = (): RpcCounts => ({ httpRequests: 0, rpcCalls: 0, methods: {} });

export function addCounts(into: RpcCounts, from: RpcCounts, sign = 1): RpcCounts {
  into.httpRequests += sign * from.httpRequests;
  into.rpcCalls += sign * from.rpcCalls;
  for (const [method, count] of Object.entries(from.methods)) {
    into.methods[method] = (into.methods[method] ?? 0) + sign * count;
    if (into.methods[method] === 0) delete into.methods[method];
  }
  return into;
}

/** Replayed requests are counted apart (under `replay`), so a figure's counts are the service's own. */
const REPLAY = 'replay';
const REPLAY_HEADER = 'x-bench-replay';
const METHOD_PATTERN = /"method"\s*:\s*"([^"]+)"/g;

/**
 * Wraps the process' fetch, which every chain transport of the app uses (server/chains/json-rpc.ts), so the
 * counts are what the service sends with no proxy in the path. It must be installed before the services
 * are built: the transport keeps the fetch it found at creation. `chainOf` names the chain behind a URL.
 */
export function installRpcCounter(chainOf: (url: string) => string | undefined): RpcCounter {
  const original = globalThis.fetch;
  const counts = new Map<string, RpcCounts>();
  let recording: RecordedRequest[] | undefined;

  const wrapped: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (body !== undefined && init?.method === 'POST') {
      const headers = init.headers;
      const replayed = typeof headers === 'object' && !(headers instanceof Headers) && !Array.isArray(headers) && REPLAY_HEADER in headers;
      const chain = replayed ? REPLAY : (chainOf(url) ?? 'other');
      const entry = counts.get(chain) ?? emptyCounts();
      counts.set(chain, entry);
      entry.httpRequests += 1;
      // A regex rather than JSON.parse: the counter must not add the cost of a second parse to every call.
      for (const match of body.matchAll(METHOD_PATTERN)) {
        entry.rpcCalls += 1;
        entry.methods[match[1]!] = (entry.methods[match[1]!] ?? 0) + 1;
      }
      if (chain !== REPLAY) recording?.push({ url, body });
    }
    return original(input, init);
  };
  globalThis.fetch = wrapped;

  const snapshot = () => Object.fromEntries([...counts].map(([chain, entry]) => [chain, { ...entry, methods: { ...entry.methods } }]));
  return {
    snapshot,
    since(before, chain) {
      const total = emptyCounts();
      const counted = (name: string) => (chain ? chain === name : name !== REPLAY);
      for (const [name, entry] of counts) if (counted(name)) addCounts(total, entry);
      for (const [name, entry] of Object.entries(before)) if (counted(name)) addCounts(total, entry, -1);
      return total;
    },
    async record(run) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = undefined;
      }
    },
    uninstall() {
      globalThis.fetch = original;
    },
  };
}

/** Sends recorded requests again, one after another: the RPC round trips of an operation and nothing else. */
export async function replay(requests: readonly RecordedRequest[]): Promise<void> {
  for (const { url, body } of requests) {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [REPLAY_HEADER]: '1' }, body });
    await response.text();
  }
}

export function perCall(counts: RpcCounts, calls: number) {
  const per = (value: number) => Math.round((value / calls) * 1000) / 1000;
  return {
    httpRequests: per(counts.httpRequests),
    rpcCalls: per(counts.rpcCalls),
    methods: Object.fromEntries(
      Object.entries(counts.methods)
        .sort()
        .map(([method, count]) => [method, per(count)]),
    ),
  };
}

// ---------------------------------------------------------------- machine and processes

export interface MachineInfo {
  cpuCount: number;
  cpuModel: string;
  totalMemoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages: other work on the machine shows up here and in the tails. */
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuCount: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

export function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export function childPids(pid: number = process.pid): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  });
}

/** This process' anvil children: checked after the world stops, so no benchmark leaves a node running. */
export function anvilChildren(): number[] {
  return childPids().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil');
    } catch {
      return false;
    }
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `cleanup` once on Ctrl-C or SIGTERM, then exits: an interrupted benchmark leaves no nodes behind. */
export function stopOnSignal(cleanup: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the world`);
      // A signal handler is not awaited: the process exits once the cleanup settles, failed or not.
      void cleanup().finally(() => process.exit(130));
    });
  }
}

// ---------------------------------------------------------------- output

export function writeResult(fileName: string, content: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, fileName);
  writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return file;
}

export function markdownTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
