/**
 * What operators alert on per chain: what each chain can do now (the doctor's latest run), how long its RPC
 * calls take, how old its head block is, how its trades end, and which build answers.
 */
import { execFileSync } from 'node:child_process';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { registerReadGauge, type Metrics } from './metrics';

const CAPABILITIES = ['quote', 'trade', 'tokenData', 'bridgeFrom', 'bridgeTo'] as const;

/** What the gauge reads of one chain's capabilities (the doctor's ChainCapabilities has these and more). */
type CapabilityFlags = { rpc: 'ok' | 'unreachable' | 'none' } & Record<(typeof CAPABILITIES)[number], boolean>;

/** `chain_capability{chain,capability}`: 1 when the chain can do it now, 0 when not; `rpc` is 1 when the RPC answered. */
export function registerCapabilityGauge(metrics: Metrics, current: () => Promise<Record<ChainId, CapabilityFlags>>): void {
  registerReadGauge(
    metrics,
    {
      name: 'chain_capability',
      labelNames: ['chain', 'capability'],
      help: 'What each configured chain can do on this server now (1) or not (0), as the latest background recheck found; rpc is 1 when its RPC answered',
    },
    async () => {
      const chains = await current().catch(() => undefined);
      if (!chains) return [];
      return CHAIN_IDS.filter((id) => chains[id].rpc !== 'none').flatMap((id) => [
        { labels: { chain: id, capability: 'rpc' }, value: chains[id].rpc === 'ok' ? 1 : 0 },
        ...CAPABILITIES.map((capability) => ({ labels: { chain: id, capability }, value: chains[id][capability] ? 1 : 0 })),
      ]);
    },
  );
}

/** `rpc_request_duration_seconds{chain,method}`: every RPC call's time, answered or not (`batch` for a batch). */
export function rpcDurationHistogram(metrics: Metrics): (chain: ChainId, method: string, seconds: number) => void {
  const histogram = new Histogram({
    name: 'rpc_request_duration_seconds',
    help: 'Chain JSON-RPC call latency by chain and method (a batch is one call, method "batch")',
    labelNames: ['chain', 'method'],
    registers: [metrics.registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  return (chain, method, seconds) => histogram.observe({ chain, method }, seconds);
}

/**
 * `chain_head_age_seconds{chain}`: seconds since the newest block this chain's RPC serves was made, read when
 * scraped (at most once per `maxAgeMs`); a chain whose head cannot be read is left out.
 */
export function registerHeadAgeGauge(
  metrics: Metrics,
  headTimes: () => Promise<Partial<Record<ChainId, number>>>,
  maxAgeMs: number,
  now: () => number = Date.now,
): void {
  let cached: { at: number; values: Promise<Partial<Record<ChainId, number>>> } | undefined;
  registerReadGauge(
    metrics,
    {
      name: 'chain_head_age_seconds',
      labelNames: ['chain'],
      help: "Seconds since the newest block the chain's RPC serves was made (a stalled node or chain grows it)",
    },
    async () => {
      if (!cached || now() - cached.at >= maxAgeMs) cached = { at: now(), values: headTimes().catch(() => ({})) };
      const times = await cached.values;
      return (Object.entries(times) as [ChainId, number][]).map(([chain, madeAtMs]) => ({
        labels: { chain },
        value: Math.max(0, (now() - madeAtMs) / 1000),
      }));
    },
  );
}

/** `build_info{version,commit}` 1: which build answers (the commit from BUILD_COMMIT or git at build time). */
export function registerBuildInfo(metrics: Metrics, version: string, commit: string): void {
  const gauge = new Gauge({
    name: 'build_info',
    help: 'The running build: its version and commit',
    labelNames: ['version', 'commit'],
    registers: [metrics.registry],
  });
  gauge.set({ version, commit }, 1);
}

/** `trades_total{chain,outcome,code}`: each execute's outcome (success, failed on chain, refused) and its code. */
export function tradeCounter(metrics: Metrics): (chain: ChainId, outcome: string, code: string) => void {
  const counter = new Counter({
    name: 'trades_total',
    help: 'Executes by chain, outcome (success, failed: mined and reverted or dropped, refused: not sent) and code (none on success)',
    labelNames: ['chain', 'outcome', 'code'],
    registers: [metrics.registry],
  });
  return (chain, outcome, code) => counter.inc({ chain, outcome, code });
}

/**
 * When each served chain's newest block was made (ms since the epoch), read with a short timeout; chains that
 * do not answer, or whose breaker is open, are left out.
 */
export function headTimesReader(chains: ChainDirectory, timeoutMs: number): () => Promise<Partial<Record<ChainId, number>>> {
  const read = async (id: ChainId): Promise<number | undefined> => {
    const chain = chains[id];
    if (!chain.available || chain.breaker?.state() === 'open') return undefined;
    return chainFamily(id).headTimeMs(chain, timeoutMs);
  };
  return async () => {
    const times = await Promise.all(CHAIN_IDS.map((id) => read(id).catch(() => undefined)));
    return Object.fromEntries(CHAIN_IDS.flatMap((id, index) => (times[index] === undefined ? [] : [[id, times[index]]])));
  };
}

/** The commit this build runs: BUILD_COMMIT, else git's HEAD where the checkout has one, else "unknown". */
export function buildCommit(fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  try {
    return (
      execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 2_000 })
        .toString()
        .trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** How often a scrape may read the chains' heads again (one request per chain). */
const HEAD_AGE_MAX_AGE_MS = 10_000;

/** Every metric above, registered for one process; returns the trade counter execute reports to. */
export function registerChainMetrics(
  metrics: Metrics,
  input: {
    chains: ChainDirectory;
    capabilities: () => Promise<Record<ChainId, CapabilityFlags>>;
    probeTimeoutMs: number;
    version: string;
    commit: string | undefined;
  },
): (chain: ChainId, outcome: string, code: string) => void {
  registerCapabilityGauge(metrics, input.capabilities);
  registerHeadAgeGauge(metrics, headTimesReader(input.chains, input.probeTimeoutMs), HEAD_AGE_MAX_AGE_MS);
  registerBuildInfo(metrics, input.version, buildCommit(input.commit));
  return tradeCounter(metrics);
}
