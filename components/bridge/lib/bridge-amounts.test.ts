import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { sourceAmounts } from './bridge-amounts';
import type { BridgeDetails, BridgeLeg } from './bridge-types';

const ALPHA = '0x00000000000000000000000000000000000a1fa0';
const OTHER = '0x00000000000000000000000000000000000c0ffe';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const details: BridgeDetails = {
  requestId: '0x01',
  state: 'success',
  sourceChain: 'BASE',
  destinationChain: 'ARB',
  trader: WALLET,
  recipient: WALLET,
  amountIn: '100000000000000000000',
  amountOut: '1',
  amountInFormatted: '100',
  amountOutFormatted: '1',
  depositAmount: '100000000000000000000',
  paidAmount: '1',
  depositTxHash: null,
  depositUrl: null,
  fillTxHash: null,
  fillUrl: null,
  refundTxHash: null,
  refundUrl: null,
  reason: null,
  createdAt: 1_000,
  expiresAt: 600_000,
  depositedAt: 5_000,
  filledAt: 9_000,
  estimatedTime: 5,
  tokenIn: ALPHA,
  symbolIn: 'ALPHA',
  decimalsIn: 18,
};

const leg = (kind: BridgeLeg['kind'], token: string): BridgeLeg => ({ kind, chain: 'BASE', status: 'success', txHash: null, url: null, amount: null, token });

describe('sourceAmounts', () => {
  it('shows no deposit of its own when the deposit is what was sent', () => {
    expect(sourceAmounts({ ...details, legs: [leg('deposit', ALPHA)] })).toEqual({ sent: { text: '100 ALPHA', exact: '100 ALPHA' } });
  });

  it('counts a deposit a source swap made, and its refund, in the coin that reached the solver', () => {
    const swapped = {
      ...details,
      state: 'refund' as const,
      depositAmount: '66558000000000000',
      legs: [leg('deposit', NATIVE_TOKEN_ADDRESS), leg('refund', NATIVE_TOKEN_ADDRESS)],
    };
    expect(sourceAmounts(swapped, '66000000000000000')).toMatchObject({
      sent: { text: '100 ALPHA' },
      deposited: { text: '0.066558 ETH' },
      refund: { text: '0.066 ETH' },
    });
  });

  it('counts in the coin sent when no leg names one, and leaves out what it cannot count', () => {
    expect(sourceAmounts({ ...details, depositAmount: '99000000000000000000' }, '98000000000000000000')).toMatchObject({
      deposited: { text: '99 ALPHA' },
      refund: { text: '98 ALPHA' },
    });
    const unknown = sourceAmounts({ ...details, depositAmount: '5', legs: [leg('deposit', OTHER), leg('refund', OTHER)] }, '4');
    expect(unknown).toEqual({ sent: { text: '100 ALPHA', exact: '100 ALPHA' } });
  });
});
