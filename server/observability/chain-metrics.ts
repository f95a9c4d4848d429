/**
 * What operators alert on per chain: what each chain can do now (the doctor's latest run), how long its RPC
 * calls take, how old its head block is, and which build answers.
 */
import { Gauge, Histogram } from 'prom-client';
import type { ChainCapabilities } from '@/server/doctor/doctor-report';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { registerReadGauge, type Metrics } from './metrics';

const CAPABILITIES = ['quote', 'trade', 'tokenData', 'bridgeFrom', 'bridgeTo'] as const;

/** `chain_capability{chain,capability}`: 1 when the chain can do it now, 0 when not; `rpc` is 1 when the RPC answered. */
export function registerCapabilityGauge(metrics: Metrics, current: () => Promise<Record<ChainId, ChainCapabilities>>): void {
  registerReadGauge(metrics, {
    name: 'chain_capability', labelNames: ['chain', 'capability'],
    help: 'What each configured chain can do on this server now (1) or not (0), as the latest background recheck found; rpc is 1 when its RPC answered',
  }, async () => {
    const chains = await current().catch(() => undefined);
    if (!chains) return [];
    return CHAIN_IDS.filter((id) => chains[id].rpc !== 'none').flatMap((id) => [
      { labels: { chain: id, capability: 'rpc' }, value: chains[id].rpc === 'ok' ? 1 : 0 },
      ...CAPABILITIES.map((capability) => ({ labels: { chain: id, capability }, value: chains[id][capability] ? 1 : 0 })),
    ]);
  });
}

/** `rpc_request_duration_seconds{chain,method}`: every RPC call's time, answered or not (`batch` for a batch). */
export function rpcDurationHistogram(metrics: Metrics): (chain: ChainId, method: string, seconds: number) => void {
  const histogram = new Histogram({
    name: 'rpc_request_duration_seconds', help: 'Chain JSON-RPC call latency by chain and method (a batch is one call, method "batch")',
    labelNames: ['chain', 'method'], registers: [metrics.registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  return (chain, method, seconds) => histogram.observe({ chain, method }, seconds);
}

/**
 * `chain_head_age_seconds{chain}`: seconds since the newest block this chain's RPC serves was made, read when
 * scraped (at most once per `maxAgeMs`); a chain whose head cannot be read is left out.
 */
export function registerHeadAgeGauge(
  metrics: Metrics, headTimes: () => Promise<Partial<Record<ChainId, number>>>, maxAgeMs: number, now: () => number = Date.now,
): void {
  let cached: { at: number; values: Promise<Partial<Record<ChainId, number>>> } | undefined;
  registerReadGauge(metrics, {
    name: 'chain_head_age_seconds', labelNames: ['chain'],
    help: 'Seconds since the newest block the chain\'s RPC serves was made (a stalled node or chain grows it)',
  }, async () => {
    if (!cached || now() - cached.at >= maxAgeMs) cached = { at: now(), values: headTimes().catch(() => ({})) };
    const times = await cached.values;
    return (Object.entries(times) as [ChainId, number][]).map(([chain, madeAtMs]) => ({
      labels: { chain }, value: Math.max(0, (now() - madeAtMs) / 1000),
    }));
  });
}

/** `build_info{version,commit}` 1: which build answers (the commit from BUILD_COMMIT or git at build time). */
export function registerBuildInfo(metrics: Metrics, version: string, commit: string): void {
  const gauge = new Gauge({ name: 'build_info', help: 'The running build: its version and commit', labelNames: ['version', 'commit'], registers: [metrics.registry] });
  gauge.set({ version, commit }, 1);
}
