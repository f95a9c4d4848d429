/**
 * A chain whose RPC, venues or contracts are wrong serves nothing, and the others serve: its quotes and trades
 * are off through the doctor's run (tradingOff), and its bridging is taken out here, at start, with the fault as
 * the reason bridge quotes give (a wrong Depository must never be handed to a depositor).
 */
import type { BridgeDeps } from '@/server/bridge/bridge-deps';
import type { ChainId } from '@/server/chains/registry';
import type { Logger } from '@/server/observability/logger';
import type { DoctorRun } from './doctor';

export function turnOffFaultyChains(run: DoctorRun, bridge: Pick<BridgeDeps, 'chains' | 'missing'>, logger: Logger): void {
  for (const [id, faults] of Object.entries(run.chainFaults) as [ChainId, DoctorRun['faults']][]) {
    const reason = faults.map((fault) => `${fault.subject}: ${fault.message}`).join('; ');
    logger.error('chain off: its configuration is wrong', { chain: id, faults: reason });
    if (bridge.chains[id]) {
      delete bridge.chains[id];
      bridge.missing = { ...bridge.missing, [id]: reason };
    }
  }
}
