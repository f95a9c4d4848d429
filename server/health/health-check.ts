/**
 * The health report: every chain probed in parallel with a short timeout, storage pinged, and the whole
 * result cached briefly so a load balancer polling /api/health does not multiply RPC traffic. `unavailable`
 * (answered with 503) when this instance cannot serve: storage unreachable, or no chain can quote.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { ChainCapabilities } from '@/server/doctor/doctor-report';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';

export interface ChainHealth {
  available: boolean;
  blockNumber: number | null;
  latencyMs: number | null;
  error?: string;
  /** What the chain can do on this server, as the doctor last found (rechecked every CHAIN_RECHECK_MS). */
  capabilities?: ChainCapabilities;
}

export interface HealthReport {
  success: true;
  /** ok: storage and every configured chain work; degraded: some chain does not; unavailable: cannot serve. */
  status: 'ok' | 'degraded' | 'unavailable';
  version: string;
  storage: { ok: boolean; engine: 'pglite' | 'postgres' };
  chains: Record<ChainId, ChainHealth>;
}

export interface HealthCheckDeps {
  chains: ChainDirectory;
  pingStorage: () => Promise<void>;
  storageEngine: 'pglite' | 'postgres';
  version: string;
  cacheMs: number;
  probeTimeoutMs: number;
  /** Each chain's capabilities (the doctor's, computed once). */
  capabilities?: () => Promise<Record<ChainId, ChainCapabilities>>;
  now?: () => number;
}

export function createHealthCheck(deps: HealthCheckDeps) {
  const now = deps.now ?? Date.now;
  let cached: { at: number; report: Promise<HealthReport> } | undefined;

  async function probe(id: ChainId): Promise<ChainHealth> {
    const chain = deps.chains[id];
    if (!chain.available) return { available: false, blockNumber: null, latencyMs: null, error: 'no RPC configured' };
    const started = performance.now();
    try {
      const height = await chainFamily(id).latestHeight(chain, { timeoutMs: deps.probeTimeoutMs });
      return { available: true, blockNumber: height, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return {
        available: false,
        blockNumber: null,
        latencyMs: null,
        error: error instanceof Error ? error.message : 'probe failed',
      };
    }
  }

  async function run(): Promise<HealthReport> {
    const [storageOk, capabilities, ...results] = await Promise.all([
      withTimeout(deps.pingStorage(), deps.probeTimeoutMs).then(
        () => true,
        () => false,
      ),
      deps.capabilities?.().catch(() => undefined),
      ...CHAIN_IDS.map(probe),
    ]);
    const chains = Object.fromEntries(
      CHAIN_IDS.map((id, index) => {
        const health = results[index] as ChainHealth;
        return [id, capabilities ? { ...health, capabilities: capabilities[id] } : health];
      }),
    ) as Record<ChainId, ChainHealth>;
    // A served chain that cannot quote (its venues or contracts wrong, or not deployed yet) is not ok either.
    const chainsOk =
      CHAIN_IDS.some((id) => deps.chains[id].available) &&
      CHAIN_IDS.every((id) => !deps.chains[id].available || (chains[id].available && (capabilities?.[id].quote ?? true)));
    // Without the doctor's capabilities (tests of the probes alone), a chain that answers counts as quoting.
    const someChainQuotes = CHAIN_IDS.some((id) => chains[id].available && (capabilities ? capabilities[id].quote : true));
    return {
      success: true,
      status: !storageOk || !someChainQuotes ? 'unavailable' : chainsOk ? 'ok' : 'degraded',
      version: deps.version,
      storage: { ok: storageOk, engine: deps.storageEngine },
      chains,
    };
  }

  return {
    check(): Promise<HealthReport> {
      const at = now();
      if (!cached || at - cached.at >= deps.cacheMs) {
        const report = run();
        cached = { at, report };
        // A failed run must not be served from cache.
        report.catch(() => {
          cached = undefined;
        });
      }
      return cached.report;
    },
  };
}

/** A storage ping that hangs (a database behind a dead network path) counts as failed after `ms`. */
function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
