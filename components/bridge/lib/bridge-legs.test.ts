import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { trackerSteps } from './bridge-progress';
import type { BridgeDetails, BridgeLeg, BridgeStatus } from './bridge-types';

const APPROVE = `0x${'1'.repeat(64)}`;
const DEPOSIT = `0x${'a'.repeat(64)}`;
const SWAP_IN = `0x${'2'.repeat(64)}`;
const FILL = `0x${'b'.repeat(64)}`;
const SWAP_OUT = `0x${'3'.repeat(64)}`;
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const BETA_ARB = '0x00000000000000000000000000000000000bE7a0';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const details: BridgeDetails = {
  requestId: '0x01', state: 'success', sourceChain: 'BASE', destinationChain: 'ARB', trader: WALLET, recipient: WALLET,
  amountIn: '100000000', amountOut: '5000000000000000000', amountInFormatted: '100', amountOutFormatted: '5',
  depositAmount: '100000000', paidAmount: '5000000000000000000', depositTxHash: DEPOSIT, depositUrl: null, fillTxHash: null, fillUrl: null,
  refundTxHash: null, refundUrl: null, reason: null, createdAt: 1_000, expiresAt: 600_000, depositedAt: 5_000, filledAt: 9_000,
  estimatedTime: 5,
  tokenIn: USDC_BASE, tokenOut: BETA_ARB, symbolIn: 'USDC', symbolOut: 'BETA', decimalsIn: 6, decimalsOut: 18,
};

const leg = (overrides: Partial<BridgeLeg> & Pick<BridgeLeg, 'kind' | 'chain'>): BridgeLeg =>
  ({ status: 'success', txHash: null, url: null, amount: null, token: null, ...overrides });

function status(legs: BridgeLeg[] | undefined, overrides: Partial<BridgeDetails> = {}): BridgeStatus {
  return {
    success: true, status: 'success', step: 4, totalSteps: 4, requestId: '0x01', trackingUrl: 'http://localhost/bridge/0x01',
    inTxHashes: null, txHashes: null, refundDetails: null, error: false, fetchFailed: false,
    details: { ...details, ...overrides, legs },
  };
}

const summary = (steps: ReturnType<typeof trackerSteps>) => steps.map((step) => `${step.id}:${step.status}`);

describe('trackerSteps with legs', () => {
  it('follows an approval, a swap on each chain and the fill, each with its transaction', () => {
    const steps = trackerSteps(status([
      leg({ kind: 'approve', chain: 'BASE', txHash: APPROVE, url: 'https://basescan.org/tx/approve', amount: '100000000', token: USDC_BASE }),
      leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT, amount: '100000000', token: USDC_BASE }),
      leg({ kind: 'swap', chain: 'BASE', txHash: SWAP_IN, amount: '40000000000000000', token: NATIVE_TOKEN_ADDRESS }),
      leg({ kind: 'fill', chain: 'ARB', txHash: FILL, url: 'https://arbiscan.io/tx/fill' }),
      leg({ kind: 'swap', chain: 'ARB', status: 'pending', txHash: SWAP_OUT, amount: '5000000000000000000', token: BETA_ARB }),
    ]));
    expect(summary(steps)).toEqual(['approve:done', 'deposit:done', 'waiting:done', 'swap-2:done', 'pending:done', 'swap-4:active', 'filled:done']);
    expect(steps[0]).toMatchObject({ label: 'Approve USDC', note: 'Done: 100 USDC', txHash: APPROVE, explorerUrl: 'https://basescan.org/tx/approve' });
    expect(steps[3]).toMatchObject({ label: 'Swap on Base', note: 'Done: 0.04 ETH', txHash: SWAP_IN, explorerUrl: `https://basescan.org/tx/${SWAP_IN}` });
    expect(steps[5]).toMatchObject({ label: 'Swap on Arbitrum One', note: 'Under way: 5 BETA', explorerUrl: `https://arbiscan.io/tx/${SWAP_OUT}` });
    // The fill's hash comes from its leg when the status answer has none.
    expect(steps[6]).toMatchObject({ txHash: FILL, explorerUrl: 'https://arbiscan.io/tx/fill' });
  });

  it('places a fill paid through a destination swap after the fill step', () => {
    const steps = trackerSteps(status([
      leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }),
      leg({ kind: 'swap', chain: 'ARB', txHash: SWAP_OUT, amount: '5000000000000000000', token: BETA_ARB }),
    ], { fillTxHash: SWAP_OUT }));
    expect(summary(steps)).toEqual(['deposit:done', 'waiting:done', 'pending:done', 'swap-1:done', 'filled:done']);
    expect(steps[3]).toMatchObject({ label: 'Swap on Arbitrum One', note: 'Done: 5 BETA' });
  });

  it('shows a leg not yet sent without a link, and a request without legs as before', () => {
    const waiting = trackerSteps(status([leg({ kind: 'approve', chain: 'BASE', status: 'waiting' }), leg({ kind: 'deposit', chain: 'BASE', status: 'waiting' })], { state: 'waiting', depositTxHash: null }));
    expect(waiting[0]).toEqual({ id: 'approve', label: 'Approve USDC', status: 'waiting', note: 'Not yet' });
    expect(summary(trackerSteps(status(undefined)))).toEqual(['deposit:done', 'waiting:done', 'pending:done', 'filled:done']);
    expect(summary(trackerSteps(status([])))).toEqual(['deposit:done', 'waiting:done', 'pending:done', 'filled:done']);
  });

  it('names an approval of a request without token fields after no token', () => {
    const bare = trackerSteps(status([leg({ kind: 'approve', chain: 'BASE', status: 'failure', amount: '5', token: '0x0000000000000000000000000000000000000001' })], { symbolIn: undefined, decimalsIn: undefined, tokenIn: undefined }));
    expect(bare[0]).toMatchObject({ label: 'Approve ETH', status: 'failed', note: 'Failed' });
  });
});
