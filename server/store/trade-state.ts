/**
 * The trade state machine: a trade row is PENDING from the moment its transaction is broadcast (or, for a
 * tracked trade, seen) until its receipt settles it as SUCCESS or FAILED. The trade repository checks every
 * move with `canMoveTrade`, so no code path can, say, turn a settled trade back into a pending one.
 */
import type { TradeStatus } from './database';

const TRANSITIONS: Readonly<Record<TradeStatus, readonly TradeStatus[]>> = {
  PENDING: ['SUCCESS', 'FAILED'],
  // Stryker disable next-line ArrayDeclaration: the mutant lists a made-up status here, and no TradeStatus can ask for it (equivalent).
  SUCCESS: [],
  // Stryker disable next-line ArrayDeclaration: as for SUCCESS.
  FAILED: [],
};

export function canMoveTrade(from: TradeStatus, to: TradeStatus): boolean {
  return TRANSITIONS[from].includes(to);
}
