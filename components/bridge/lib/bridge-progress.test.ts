import { describe, expect, it } from 'vitest';
import { isFinalBridge, trackerHeadline, trackerSteps } from './bridge-progress';
import type { BridgeDetails, BridgeStatus } from './bridge-types';

const DEPOSIT = `0x${'a'.repeat(64)}`;
const FILL = `0x${'b'.repeat(64)}`;
const REFUND = `0x${'c'.repeat(64)}`;

const details: BridgeDetails = {
  requestId: '0x01', state: 'waiting', sourceChain: 'BASE', destinationChain: 'ARB',
  trader: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amountIn: '1000000000000000000', amountOut: '990000000000000000', amountInFormatted: '1', amountOutFormatted: '0.99',
  depositAmount: null, paidAmount: null, depositTxHash: null, depositUrl: null, fillTxHash: null, fillUrl: null,
  refundTxHash: null, refundUrl: null, reason: null, createdAt: 1_000, expiresAt: 600_000, depositedAt: null, filledAt: null,
  estimatedTime: 5,
};

function status(overrides: Partial<BridgeStatus>, detailOverrides: Partial<BridgeDetails> = {}): BridgeStatus {
  return {
    success: true, status: 'waiting', step: 2, totalSteps: 4, requestId: '0x01', trackingUrl: 'http://localhost/bridge/0x01',
    inTxHashes: null, txHashes: null, refundDetails: null, error: false, fetchFailed: false,
    ...overrides,
    details: { ...details, ...detailOverrides },
  };
}

const summary = (steps: ReturnType<typeof trackerSteps>) => steps.map((step) => `${step.id}:${step.status}`);

describe('trackerSteps', () => {
  it('waits for a deposit, then for its confirmation once the wallet sent it', () => {
    expect(summary(trackerSteps(status({})))).toEqual(['deposit:active', 'waiting:waiting', 'pending:waiting', 'filled:waiting']);
    const sent = trackerSteps(status({}), DEPOSIT);
    expect(summary(sent)).toEqual(['deposit:done', 'waiting:active', 'pending:waiting', 'filled:waiting']);
    expect(sent[0]).toMatchObject({ txHash: DEPOSIT, explorerUrl: `https://basescan.org/tx/${DEPOSIT}` });
    expect(trackerHeadline(status({}), DEPOSIT)).toBe('confirming');
  });

  it('while the deposit gathers the source chain\'s confirmations, shows them and does not read as filling', () => {
    const confirming = status({ status: 'pending', step: 3, inTxHashes: [DEPOSIT] }, { confirmations: { seen: 2, required: 6 } });
    expect(trackerHeadline(confirming)).toBe('confirming');
    const steps = trackerSteps(confirming);
    expect(summary(steps)).toEqual(['deposit:done', 'waiting:active', 'pending:waiting', 'filled:waiting']);
    expect(steps[0]).toMatchObject({ txHash: DEPOSIT });
    expect(steps[1]!.note).toBe('Waiting for Base to confirm it (2 of 6 confirmations)');
  });

  it('fills, is delayed past the estimate, and succeeds with the fill on the destination explorer', () => {
    const pending = status({ status: 'pending', step: 3 }, { state: 'pending', depositTxHash: DEPOSIT, depositUrl: 'https://basescan.org/tx/d', depositedAt: 10_000 });
    expect(summary(trackerSteps(pending))).toEqual(['deposit:done', 'waiting:done', 'pending:active', 'filled:waiting']);
    const delayed = trackerSteps({ ...pending, status: 'delayed' }, undefined, 25_000);
    expect(delayed[2]!.note).toBe('Delayed: taking longer than the estimated 5 s (10 s over)');
    expect(trackerHeadline({ ...pending, status: 'delayed' })).toBe('delayed');

    const done = status({ status: 'success', step: 4, txHashes: [FILL] }, { state: 'success', depositTxHash: DEPOSIT, depositedAt: 10_000, fillTxHash: FILL, fillUrl: 'https://arbiscan.io/tx/f' });
    expect(summary(trackerSteps(done))).toEqual(['deposit:done', 'waiting:done', 'pending:done', 'filled:done']);
    expect(trackerSteps(done)[3]).toMatchObject({ txHash: FILL, explorerUrl: 'https://arbiscan.io/tx/f' });
    expect(isFinalBridge(done)).toBe(true);
    expect(isFinalBridge(pending)).toBe(false);
  });

  it('ends in a refund on the source chain, which is final only once it is sent', () => {
    const refunding = status({ status: 'refund', step: 0, error: true }, { state: 'refunding', depositTxHash: DEPOSIT, depositedAt: 10_000, reason: 'The deposit arrived after the quote expired.' });
    expect(summary(trackerSteps(refunding))).toEqual(['deposit:done', 'waiting:done', 'pending:failed', 'refunded:active']);
    expect(isFinalBridge(refunding)).toBe(false);
    expect(trackerHeadline(refunding)).toBe('refunding');

    const refunded = status({ status: 'refund', step: 0, error: true }, { state: 'refund', depositTxHash: DEPOSIT, depositedAt: 10_000, refundTxHash: REFUND, refundUrl: 'https://basescan.org/tx/r' });
    expect(summary(trackerSteps(refunded))).toEqual(['deposit:done', 'waiting:done', 'pending:failed', 'refunded:done']);
    expect(trackerSteps(refunded)[3]).toMatchObject({ txHash: REFUND, explorerUrl: 'https://basescan.org/tx/r' });
    expect(isFinalBridge(refunded)).toBe(true);

    const failed = status({ status: 'failure', step: 0, error: true }, { state: 'failure', depositTxHash: DEPOSIT, depositedAt: 10_000 });
    expect(summary(trackerSteps(failed))).toEqual(['deposit:done', 'waiting:done', 'pending:failed', 'refunded:failed']);
    expect(trackerHeadline(failed)).toBe('failure');
  });

  it('reads the public fields alone when there are no details', () => {
    const bare: BridgeStatus = { ...status({ status: 'refund', step: 0 }), details: undefined, refundDetails: { currency: 'ETH', chain: 'BASE', contractAddress: '0x0', txHash: null } };
    expect(isFinalBridge(bare)).toBe(false);
    expect(isFinalBridge({ ...bare, refundDetails: { ...bare.refundDetails!, txHash: REFUND } })).toBe(true);
  });
});
