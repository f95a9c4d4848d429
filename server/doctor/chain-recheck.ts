/**
 * The doctor's checks again, in the background, every CHAIN_RECHECK_MS: a chain whose RPC was down at start
 * (or went down since) serves again once it answers, a chain whose Router or venues went wrong stops quoting,
 * and /api/v1/chains, /api/health and the metrics read the latest run. Each recheck is also the trial call of
 * every open circuit breaker, so a chain that recovers is found at the next recheck at the latest.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { CHAIN_IDS } from '@/server/chains/registry';
import type { Logger } from '@/server/observability/logger';
import { applyDoctorRun, type DoctorRun } from './doctor';
import { capabilitySummary } from './doctor-report';

export interface ChainRecheckDeps {
  chains: ChainDirectory;
  /** One run of the doctor over this configuration. */
  runDoctor(): Promise<DoctorRun>;
  /** Told of every run, after the chains are set from it (the bridge takes its faulty chains out). */
  onRun?(run: DoctorRun): void;
  logger: Logger;
  intervalMs: number;
}

export interface ChainRecheck {
  /** The latest run (the first one is run on first use). */
  latest(): Promise<DoctorRun>;
  /** Checks every chain again now and serves what it finds. */
  recheck(): Promise<DoctorRun>;
  start(): void;
  stop(): Promise<void>;
}

export function createChainRecheck(deps: ChainRecheckDeps): ChainRecheck {
  let latest: Promise<DoctorRun> | undefined;
  let running: Promise<DoctorRun> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  const runAndApply = async (): Promise<DoctorRun> => {
    const run = await deps.runDoctor();
    applyDoctorRun(deps.chains, run);
    deps.onRun?.(run);
    return run;
  };

  async function recheck(): Promise<DoctorRun> {
    if (running) return running;
    for (const id of CHAIN_IDS) deps.chains[id].breaker?.tryAgain();
    const before = latest;
    running = runAndApply();
    try {
      const run = await running;
      // Readers keep the previous run while this one goes: it may wait on a dead chain's timeout.
      latest = Promise.resolve(run);
      logChanges(deps.logger, before && (await before.catch(() => undefined)), run);
      return run;
    } finally {
      running = undefined;
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      recheck()
        .catch((error: unknown) => deps.logger.error('chain recheck failed', { error }))
        .finally(schedule);
    }, deps.intervalMs);
    timer.unref();
  };

  return {
    latest() {
      if (!latest) {
        const first = runAndApply();
        latest = first;
        // A failed first run is run again by the next reader, not served from memory.
        first.catch(() => {
          if (latest === first) latest = undefined;
        });
      }
      return latest;
    },
    recheck,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** One log line per chain whose capabilities changed: what it can do now, and why not the rest. */
function logChanges(logger: Logger, before: DoctorRun | undefined, after: DoctorRun): void {
  if (!before) return;
  const was = capabilitySummary(before.chains);
  const now = capabilitySummary(after.chains);
  for (const id of CHAIN_IDS) {
    if (was[id] === now[id]) continue;
    const level = after.chains[id].quote ? 'info' : 'warn';
    logger[level]('chain capabilities changed', { chain: id, was: was[id], now: now[id] });
  }
}
