import { describe, expect, it } from 'vitest';
import { isFinalBridge, trackerHeadline } from './bridge-progress';
import type { BridgeDetails, BridgeStatus } from './bridge-types';

const DEPOSIT = `0x${'a'.repeat(64)}`;
const REFUND = `0x${'c'.repeat(64)}`;

const details: BridgeDetails = {
  requestId: '0x01',
  state: 'waiting',
  sourceChain: 'BASE',
  destinationChain: 'ARB',
  trader: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amountIn: '1000000000000000000',
  amountOut: '990000000000000000',
  amountInFormatted: '1',
  amountOutFormatted: '0.99',
  depositAmount: null,
  paidAmount: null,
  depositTxHash: null,
  depositUrl: null,
  fillTxHash: null,
  fillUrl: null,
  refundTxHash: null,
  refundUrl: null,
  reason: null,
  createdAt: 1_000,
  expiresAt: 600_000,
  depositedAt: null,
  filledAt: null,
  estimatedTime: 5,
};

function status(overrides: Partial<BridgeStatus>, detailOverrides: Partial<BridgeDetails> = {}): BridgeStatus {
  return {
    success: true,
    status: 'waiting',
    step: 2,
    totalSteps: 4,
    requestId: '0x01',
    trackingUrl: 'http://localhost/bridge/0x01',
    inTxHashes: null,
    txHashes: null,
    refundDetails: null,
    error: false,
    fetchFailed: false,
    ...overrides,
    details: { ...details, ...detailOverrides },
  };
}

describe('trackerHeadline', () => {
  it('waits for a deposit, and confirms one the wallet sent or the server saw', () => {
    expect(trackerHeadline(status({}))).toBe('waiting');
    expect(trackerHeadline(status({}), DEPOSIT)).toBe('confirming');
    expect(trackerHeadline(status({}, { depositTxHash: DEPOSIT }))).toBe('confirming');
  });

  it('reads a deposit gathering confirmations as confirming, not filling', () => {
    expect(trackerHeadline(status({ status: 'pending', step: 3 }, { confirmations: { seen: 2, required: 6 } }))).toBe('confirming');
    expect(trackerHeadline(status({ status: 'pending', step: 3 }, { state: 'pending', depositedAt: 10_000 }))).toBe('filling');
    expect(trackerHeadline(status({ status: 'delayed', step: 3 }, { state: 'pending', depositedAt: 10_000 }))).toBe('delayed');
  });

  it('reads the stored state of a return: refunding while the public status still says pending, then refunded', () => {
    expect(trackerHeadline(status({ status: 'pending', step: 3 }, { state: 'refunding' }))).toBe('refunding');
    expect(trackerHeadline(status({ status: 'refund', step: 0 }, { state: 'refund' }))).toBe('refund');
    expect(trackerHeadline(status({ status: 'failure', step: 0 }, { state: 'failure' }))).toBe('failure');
  });
});

describe('isFinalBridge', () => {
  it('stops at success, refund and failure', () => {
    expect(isFinalBridge(status({ status: 'success', step: 4 }, { state: 'success' }))).toBe(true);
    expect(isFinalBridge(status({ status: 'refund', step: 0 }, { state: 'refund' }))).toBe(true);
    expect(isFinalBridge(status({ status: 'refund', step: 0 }, { state: 'refunding' }))).toBe(false);
    expect(isFinalBridge(status({ status: 'pending', step: 3 }, { state: 'pending' }))).toBe(false);
  });

  it('reads the public fields alone when there are no details', () => {
    const bare: BridgeStatus = {
      ...status({ status: 'refund', step: 0 }),
      details: undefined,
      refundDetails: { currency: 'ETH', chain: 'BASE', contractAddress: '0x0', txHash: null },
    };
    expect(isFinalBridge(bare)).toBe(false);
    expect(isFinalBridge({ ...bare, refundDetails: { ...bare.refundDetails!, txHash: REFUND } })).toBe(true);
  });
});
