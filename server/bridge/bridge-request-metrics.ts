/**
 * The bridge requests as operators watch them, for `/api/metrics`: how many are in each phase (the stored
 * states, with `confirming` for a deposit seen below its depth, and `waiting` counting only quotes that can
 * still be used), and how long the oldest open request of each open phase has waited since its deposit's
 * block. Read from storage at scrape time, one grouped query at most once per `maxAgeMs`. Storage is shared,
 * so every instance reports the same figures: aggregate them across instances with max, not sum.
 */
import type { BridgeRepository } from '@/server/store/bridge-repository';
import type { BridgeCensusRow } from '@/server/store/bridge-request-census';
import { BRIDGE_PHASES, type BridgePhase } from '@/server/store/bridge-state';

/** The phases in which the solver owes a deposit something: reading it again, a fill, a refund. */
export const OPEN_BRIDGE_PHASES: readonly BridgePhase[] = ['confirming', 'pending', 'refunding'];

type GaugeValue = { labels: { state: string }; value: number };

export function bridgeRequestGauges(requests: Pick<BridgeRepository, 'census'>, maxAgeMs: number, clock: () => number = Date.now) {
  let last: { at: number; census: Promise<BridgeCensusRow[]> } | undefined;
  const read = () => {
    const now = clock();
    if (!last || now - last.at > maxAgeMs) {
      const census = requests.census();
      census.catch(() => {
        last = undefined;
      });
      last = { at: now, census };
    }
    return last.census;
  };
  const of = (rows: BridgeCensusRow[], phase: BridgePhase) => rows.find((row) => row.phase === phase);
  return {
    /** Every phase, 0 where there is none (so an alert on a phase always has a value). */
    byPhase: async (): Promise<GaugeValue[]> => {
      const rows = await read();
      return BRIDGE_PHASES.map((phase) => ({ labels: { state: phase }, value: of(rows, phase)?.count ?? 0 }));
    },
    /** Seconds the oldest request of each open phase has waited since its deposit was made; 0 when there is none. */
    oldestAge: async (): Promise<GaugeValue[]> => {
      const rows = await read();
      return OPEN_BRIDGE_PHASES.map((phase) => ({ labels: { state: phase }, value: Math.round(of(rows, phase)?.oldestSeconds ?? 0) }));
    },
  };
}
