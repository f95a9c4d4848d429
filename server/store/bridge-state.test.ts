import { describe, expect, it } from 'vitest';
import type { BridgeState } from './database';
import { bridgePhase, canMoveBridge, isFinalBridgeState, publicBridgeStatus, refundTxHash } from './bridge-state';

const STATES: BridgeState[] = ['waiting', 'pending', 'success', 'refunding', 'refund', 'failure'];

describe('bridge state machine', () => {
  it('moves only forward: waiting, then pending or refunding, then a final state', () => {
    const moves = STATES.flatMap((from) => STATES.filter((to) => canMoveBridge(from, to)).map((to) => `${from}>${to}`));
    expect(moves.sort()).toEqual(['pending>refunding', 'pending>success', 'refunding>failure', 'refunding>refund', 'waiting>pending', 'waiting>refunding']);
    expect(STATES.filter(isFinalBridgeState)).toEqual(['success', 'refund', 'failure']);
  });

  it('reports the interface status and step', () => {
    const at = (state: BridgeState, depositedAgoMs = 0, now = 1_000_000) =>
      publicBridgeStatus({ state, depositedAt: new Date(now - depositedAgoMs), estimatedSeconds: 4 }, now);
    expect(at('waiting')).toEqual({ status: 'waiting', step: 2 });
    expect(at('pending', 1_000)).toEqual({ status: 'pending', step: 3 });
    // Past the 4 s estimate and the grace: delayed, still step 3.
    expect(at('pending', 60_000)).toEqual({ status: 'delayed', step: 3 });
    expect(at('success')).toEqual({ status: 'success', step: 4 });
    // Decided, not yet sent: still pending (see the refund cases below).
    expect(at('refunding')).toEqual({ status: 'pending', step: 3 });
    expect(at('refund')).toEqual({ status: 'refund', step: 0 });
    expect(at('failure')).toEqual({ status: 'failure', step: 0 });
  });

  it('turns delayed the first millisecond after deposit + estimate + 5 s of grace, not before', () => {
    const depositedAt = 1_000_000;
    const row = { state: 'pending' as const, depositedAt: new Date(depositedAt), estimatedSeconds: 12 };
    const due = depositedAt + 12_000 + 5_000;
    expect(publicBridgeStatus(row, due)).toEqual({ status: 'pending', step: 3 });
    expect(publicBridgeStatus(row, due + 1)).toEqual({ status: 'delayed', step: 3 });
  });

  it('counts a pending request without a recorded deposit time from now: pending, never delayed', () => {
    expect(publicBridgeStatus({ state: 'pending', depositedAt: null, estimatedSeconds: 0 }, 5_000_000)).toEqual({ status: 'pending', step: 3 });
  });

  it('reads a waiting request whose deposit is seen below its depth as pending, delayed once past the estimate from its block', () => {
    const seenAt = 1_000_000;
    const confirming = { state: 'waiting' as const, depositedAt: null, estimatedSeconds: 80, seenDepositTxHash: '0xseen', seenDepositAt: new Date(seenAt) };
    expect(bridgePhase(confirming)).toBe('confirming');
    expect(publicBridgeStatus(confirming, seenAt + 30_000)).toEqual({ status: 'pending', step: 3 });
    expect(publicBridgeStatus(confirming, seenAt + 85_001)).toEqual({ status: 'delayed', step: 3 });
    // Forgotten after a reorganisation: plainly waiting again.
    const forgotten = { ...confirming, seenDepositTxHash: null, seenDepositAt: null };
    expect(bridgePhase(forgotten)).toBe('waiting');
    expect(publicBridgeStatus(forgotten, seenAt)).toEqual({ status: 'waiting', step: 2 });
    // Only a waiting request confirms a deposit: once recorded, its own state tells.
    expect(bridgePhase({ ...confirming, state: 'pending' })).toBe('pending');
  });

  it('reads a refund decided but not yet sent as pending, delayed past the estimate from the deposit, and refund once sent', () => {
    const depositedAt = 1_000_000;
    const refunding = { state: 'refunding' as const, depositedAt: new Date(depositedAt), estimatedSeconds: 4, paymentTxHash: null, refundTxHash: null };
    expect(publicBridgeStatus(refunding, depositedAt + 9_000)).toEqual({ status: 'pending', step: 3 });
    expect(publicBridgeStatus(refunding, depositedAt + 9_001)).toEqual({ status: 'delayed', step: 3 });
    // Stored, and so sent: the refund, whatever the time.
    const sent = { ...refunding, paymentTxHash: '0xrefund' };
    expect(publicBridgeStatus(sent, depositedAt + 1_000)).toEqual({ status: 'refund', step: 0 });
    expect(publicBridgeStatus(sent, depositedAt + 60_000)).toEqual({ status: 'refund', step: 0 });
    expect(publicBridgeStatus({ ...sent, state: 'refund', refundTxHash: '0xrefund' }, depositedAt)).toEqual({ status: 'refund', step: 0 });
    // Nothing could be returned: failure, with or without a payment once stored.
    expect(publicBridgeStatus({ ...refunding, state: 'failure' }, depositedAt + 60_000)).toEqual({ status: 'failure', step: 0 });
  });

  it('gives the refund transaction once sent: the stored payment of a refunding request, then the confirmed refund', () => {
    expect(refundTxHash({ state: 'refunding', paymentTxHash: null, refundTxHash: null })).toBeNull();
    expect(refundTxHash({ state: 'refunding' })).toBeNull();
    expect(refundTxHash({ state: 'refunding', paymentTxHash: '0xsent', refundTxHash: null })).toBe('0xsent');
    expect(refundTxHash({ state: 'refund', paymentTxHash: '0xsent', refundTxHash: '0xdone' })).toBe('0xdone');
    expect(refundTxHash({ state: 'refund', paymentTxHash: '0xsent' })).toBeNull();
    // Any other request's stored payment is its fill, never a refund.
    for (const state of ['waiting', 'pending', 'success', 'failure'] as const) {
      expect(refundTxHash({ state, paymentTxHash: '0xfill', refundTxHash: null }), state).toBeNull();
    }
  });
});
