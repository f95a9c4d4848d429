import { describe, expect, it } from 'vitest';
import { IDLE, swapFlowReducer, type FlowEvent, type SwapFlow } from './swap-flow';

const run = (events: FlowEvent[]) => events.reduce<SwapFlow>(swapFlowReducer, IDLE);
const statuses = (flow: SwapFlow) => (flow.status === 'idle' ? [] : flow.steps.map((s) => `${s.id}:${s.status}`));

const result = { txHash: '0xabc', explorerUrl: 'https://x/tx/0xabc', spent: '0.5', received: '750', spentSymbol: 'ETH', receivedSymbol: 'ALPHA' };

describe('swapFlowReducer', () => {
  it('runs approve, swap, confirmed for a sell', () => {
    const flow = run([
      { type: 'start', approveBefore: true, approveAfter: false },
      { type: 'active', step: 'approve' },
      { type: 'submitted', step: 'approve', txHash: '0x1', explorerUrl: 'u1' },
      { type: 'completed', step: 'approve' },
      { type: 'submitted', step: 'swap', txHash: '0x2', explorerUrl: 'u2' },
      { type: 'completed', step: 'swap' },
      { type: 'active', step: 'confirmed' },
      { type: 'succeeded', result },
    ]);
    expect(flow.status).toBe('succeeded');
    expect(statuses(flow)).toEqual(['approve:done', 'swap:done', 'confirmed:done']);
    expect(flow.status !== 'idle' && flow.result).toEqual(result);
    expect(flow.status !== 'idle' && flow.steps[0]!.txHash).toBe('0x1');
  });

  it('marks the approval as not needed and adds the later one when the quote orders it after the trade', () => {
    const flow = run([{ type: 'start', approveBefore: false, approveAfter: true }]);
    expect(statuses(flow)).toEqual(['approve:skipped', 'swap:waiting', 'confirmed:waiting', 'approveAfter:waiting']);
  });

  it("puts the quote's extra transaction first, named by what it does", () => {
    const flow = run([
      { type: 'start', approveBefore: false, approveAfter: false, extra: 'Pay the launch fee' },
      { type: 'active', step: 'extra' },
    ]);
    expect(statuses(flow)).toEqual(['extra:active', 'approve:skipped', 'swap:waiting', 'confirmed:waiting']);
    expect(flow.status !== 'idle' && flow.steps[0]!.label).toBe('Pay the launch fee');
  });

  it('marks a rejected signature as rejected, and no later step stays waiting', () => {
    const rejected = run([
      { type: 'start', approveBefore: true, approveAfter: false },
      { type: 'active', step: 'approve' },
      { type: 'failed', step: 'approve', message: 'You rejected the request in your wallet.', rejected: true },
    ]);
    expect(statuses(rejected)).toEqual(['approve:rejected', 'swap:cancelled', 'confirmed:cancelled']);
    const failed = run([
      { type: 'start', approveBefore: false, approveAfter: true },
      { type: 'failed', step: 'swap', message: 'No.' },
    ]);
    expect(statuses(failed)).toEqual(['approve:skipped', 'swap:failed', 'confirmed:cancelled', 'approveAfter:cancelled']);
  });

  it('fails on the step that failed, and a note does not fail a finished swap', () => {
    const failed = run([
      { type: 'start', approveBefore: false, approveAfter: false },
      { type: 'failed', step: 'swap', message: 'You rejected it.' },
    ]);
    expect(failed).toMatchObject({ status: 'failed', error: 'You rejected it.' });
    expect(statuses(failed)).toContain('swap:failed');

    const noted = run([
      { type: 'start', approveBefore: false, approveAfter: true },
      { type: 'succeeded', result },
      { type: 'noted', step: 'approveAfter', message: 'The approval was not sent.' },
    ]);
    expect(noted).toMatchObject({ status: 'succeeded', note: 'The approval was not sent.' });
  });

  it('ignores progress while idle and resets to idle', () => {
    expect(run([{ type: 'completed', step: 'swap' }])).toBe(IDLE);
    expect(run([{ type: 'start', approveBefore: true, approveAfter: false }, { type: 'reset' }])).toBe(IDLE);
  });

  it('shows no approve step at all on a chain without approvals', () => {
    const flow = run([
      { type: 'start', approveBefore: false, approveAfter: false, approvals: false },
      { type: 'active', step: 'swap' },
      { type: 'completed', step: 'swap' },
      { type: 'active', step: 'confirmed' },
      { type: 'succeeded', result },
    ]);
    expect(statuses(flow)).toEqual(['swap:done', 'confirmed:done']);
  });
});
