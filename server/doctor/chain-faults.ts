/**
 * A chain whose RPC, venues or contracts are wrong serves nothing, and the others serve: its quotes and trades
 * are off through the doctor's run (tradingOff), and its bridging here, with the fault as the reason bridge
 * quotes give (a wrong Depository must never be handed to a depositor). Every run of the doctor (at start,
 * then each recheck) sets every chain again: a fault found later stops the chain without a restart, and a
 * chain whose fault is gone bridges again. The solver's payments on a faulty chain wait for it
 * (bridge-solver.ts): a fault is often fixed within minutes, and a refund or a failure would be for good.
 */
import type { BridgeDeps } from '@/server/bridge/bridge-deps';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { Logger } from '@/server/observability/logger';
import type { DoctorRun } from './doctor';

export function applyChainFaults(run: DoctorRun, bridge: Pick<BridgeDeps, 'faults'>, logger: Logger): void {
  const faults: Partial<Record<ChainId, string>> = {};
  for (const id of CHAIN_IDS) {
    const reason = run.chainFaults[id]?.map((fault) => `${fault.subject}: ${fault.message}`).join('; ');
    const before = bridge.faults?.[id];
    if (reason) faults[id] = reason;
    if (reason === before) continue;
    if (reason) logger.error('chain off: its configuration is wrong', { chain: id, faults: reason });
    else logger.info('chain fault cleared', { chain: id });
  }
  bridge.faults = faults;
}
