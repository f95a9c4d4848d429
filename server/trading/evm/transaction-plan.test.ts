import { describe, expect, it } from 'vitest';
import { planTransactions, type TransactionPlanInput } from './transaction-plan';

const MAX = 2n ** 256n - 1n;
const base: TransactionPlanInput = { nonce: 7, approval: undefined, allowance: MAX, needsReset: false, approvalReset: 'extra' };

describe('planTransactions', () => {
  it('a trade without an approval is the next nonce alone', () => {
    expect(planTransactions(base)).toEqual({ ok: true, before: [], tradeNonce: 7 });
  });

  it('a sell below max allowance approves at n and trades at n+1', () => {
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' }, allowance: 0n })).toEqual({
      ok: true,
      before: [{ role: 'approve', nonce: 7 }],
      tradeNonce: 8,
    });
  });

  it('a trade that approves nothing hands out no approval, whatever allowance was read', () => {
    expect(planTransactions({ ...base, allowance: 0n })).toEqual({ ok: true, before: [], tradeNonce: 7 });
    expect(planTransactions({ ...base, allowance: 5n, needsReset: true })).toEqual({ ok: true, before: [], tradeNonce: 7 });
  });

  it('a sell already at max allowance needs no approval', () => {
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' } })).toEqual({ ok: true, before: [], tradeNonce: 7 });
  });

  it('an exact approval is needed only while the allowance is below what the sale spends', () => {
    const sell = { ...base, approval: { order: 'approve-then-trade' as const }, required: 100n };
    expect(planTransactions({ ...sell, allowance: 99n })).toEqual({ ok: true, before: [{ role: 'approve', nonce: 7 }], tradeNonce: 8 });
    expect(planTransactions({ ...sell, allowance: 100n })).toEqual({ ok: true, before: [], tradeNonce: 7 });
  });

  it('a v1 buy trades at n and approves the bought token at n+1', () => {
    expect(planTransactions({ ...base, approval: { order: 'trade-then-approve' }, allowance: 5n })).toEqual({
      ok: true,
      before: [],
      tradeNonce: 7,
      after: { role: 'approve', nonce: 8 },
    });
  });

  it('a USDT-style sell resets at n, approves at n+1 and trades at n+2', () => {
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' }, allowance: 5n, needsReset: true })).toEqual({
      ok: true,
      before: [
        { role: 'reset', nonce: 7 },
        { role: 'approve', nonce: 8 },
      ],
      tradeNonce: 9,
    });
  });

  it('a USDT-style sell is refused when the caller cannot carry the reset', () => {
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' }, allowance: 5n, needsReset: true, approvalReset: 'refuse' })).toEqual({
      ok: false,
      reason: 'reset-refused',
    });
  });

  it('a USDT-style buy leaves the approval to the later sell', () => {
    expect(planTransactions({ ...base, approval: { order: 'trade-then-approve' }, allowance: 5n, needsReset: true, approvalReset: 'refuse' })).toEqual({
      ok: true,
      before: [],
      tradeNonce: 7,
    });
  });

  it('a strategy token permit goes first: permit at n, approve at n+1, trade at n+2', () => {
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' }, allowance: 0n, preTrade: true })).toEqual({
      ok: true,
      before: [
        { role: 'pretrade', nonce: 7 },
        { role: 'approve', nonce: 8 },
      ],
      tradeNonce: 9,
    });
    expect(planTransactions({ ...base, preTrade: true })).toEqual({ ok: true, before: [{ role: 'pretrade', nonce: 7 }], tradeNonce: 8 });
  });

  it('a permit is refused where there is no extra field, and leaves no room for a reset', () => {
    expect(planTransactions({ ...base, preTrade: true, approvalReset: 'refuse' })).toEqual({ ok: false, reason: 'pretrade-refused' });
    expect(planTransactions({ ...base, approval: { order: 'approve-then-trade' }, allowance: 5n, needsReset: true, preTrade: true })).toEqual({
      ok: false,
      reason: 'reset-refused',
    });
  });
});
