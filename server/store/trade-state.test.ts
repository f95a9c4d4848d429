import { describe, expect, it } from 'vitest';
import type { TradeStatus } from './database';
import { canMoveTrade } from './trade-state';

const STATUSES: TradeStatus[] = ['PENDING', 'SUCCESS', 'FAILED'];

describe('trade state machine', () => {
  it('settles a pending trade once, as SUCCESS or FAILED, and never moves a settled one', () => {
    const moves = STATUSES.flatMap((from) => STATUSES.filter((to) => canMoveTrade(from, to)).map((to) => `${from}>${to}`));
    expect(moves.sort()).toEqual(['PENDING>FAILED', 'PENDING>SUCCESS']);
  });
});
