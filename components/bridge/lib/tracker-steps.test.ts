import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import type { BridgeDetails, BridgeLeg, BridgeRouteLeg, BridgeStatus } from './bridge-types';
import { trackerSteps } from './tracker-steps';

const APPROVE = `0x${'1'.repeat(64)}`;
const DEPOSIT = `0x${'a'.repeat(64)}`;
const FILL = `0x${'b'.repeat(64)}`;
const REFUND = `0x${'c'.repeat(64)}`;
const SALE = `0x${'5'.repeat(64)}`;
const ALPHA = '0x00000000000000000000000000000000000a1fa0';
const BETA = '0x00000000000000000000000000000000000bE7a0';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const SWAP_IN: BridgeRouteLeg = {
  kind: 'swap',
  chain: 'BASE',
  venue: 'UNISWAP_V3',
  tokenIn: ALPHA,
  tokenOut: NATIVE_TOKEN_ADDRESS,
  symbolIn: 'ALPHA',
  symbolOut: 'ETH',
  amountIn: '1000000000000000000000',
  amountOut: '490000000000000000',
};
const BRIDGE: BridgeRouteLeg = {
  kind: 'bridge',
  chain: 'BASE',
  venue: 'solver',
  tokenIn: NATIVE_TOKEN_ADDRESS,
  tokenOut: NATIVE_TOKEN_ADDRESS,
  symbolIn: 'ETH',
  symbolOut: 'ETH',
  amountIn: '490000000000000000',
  amountOut: '489000000000000000',
};
const SWAP_OUT: BridgeRouteLeg = {
  kind: 'swap',
  chain: 'ARB',
  venue: 'UNISWAP_V2',
  tokenIn: NATIVE_TOKEN_ADDRESS,
  tokenOut: BETA,
  symbolIn: 'ETH',
  symbolOut: 'BETA',
  amountIn: '489000000000000000',
  amountOut: '1200000000000000000000',
};

/** A native bridge from Base to Arbitrum, waiting for its deposit. */
const native: BridgeDetails = {
  requestId: '0x01',
  state: 'waiting',
  sourceChain: 'BASE',
  destinationChain: 'ARB',
  trader: WALLET,
  recipient: WALLET,
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
  route: [{ ...BRIDGE, amountIn: '1000000000000000000', amountOut: '990000000000000000' }],
};

/** ALPHA on Base to BETA on Arbitrum: a swap on each side of the bridge. */
const token: BridgeDetails = {
  ...native,
  amountIn: SWAP_IN.amountIn,
  amountOut: SWAP_OUT.amountOut,
  amountInFormatted: '1000',
  amountOutFormatted: '1200',
  tokenIn: ALPHA,
  tokenOut: BETA,
  symbolIn: 'ALPHA',
  symbolOut: 'BETA',
  decimalsIn: 18,
  decimalsOut: 18,
  route: [SWAP_IN, BRIDGE, SWAP_OUT],
};

/** A transaction leg; `venue` as a leg may come to name it. */
const leg = (overrides: Partial<BridgeLeg> & Pick<BridgeLeg, 'kind' | 'chain'> & { venue?: unknown }): BridgeLeg => ({
  status: 'success',
  txHash: null,
  url: null,
  amount: null,
  token: null,
  ...overrides,
});

function status(details: BridgeDetails, overrides: Partial<BridgeStatus> = {}): BridgeStatus {
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
    details,
    ...overrides,
  };
}

const filled = (details: BridgeDetails, legs: BridgeLeg[]) =>
  status(
    { ...details, state: 'success', depositTxHash: DEPOSIT, depositedAt: 10_000, fillTxHash: FILL, filledAt: 12_000, paidAmount: details.amountOut, legs },
    { status: 'success', step: 4 },
  );

const summary = (steps: ReturnType<typeof trackerSteps>) => steps.map((step) => `${step.id}:${step.status}`);
const links = (steps: ReturnType<typeof trackerSteps>) => steps.map((step) => step.txHash ?? '-');

describe('trackerSteps: a native bridge', () => {
  it('waits for the deposit, then for its confirmations once the wallet sent it', () => {
    expect(summary(trackerSteps(status(native)))).toEqual(['deposit:active', 'bridge:waiting']);
    expect(trackerSteps(status(native))[0]).toEqual({
      id: 'deposit',
      label: 'Deposit 1 ETH on Base',
      status: 'active',
      note: 'Waiting for the deposit on Base',
    });
    const sent = trackerSteps(status(native), DEPOSIT);
    expect(sent[0]).toMatchObject({ status: 'active', txHash: DEPOSIT, explorerUrl: `https://basescan.org/tx/${DEPOSIT}` });
    const confirming = trackerSteps(
      status(
        { ...native, confirmations: { seen: 2, required: 6 }, legs: [leg({ kind: 'deposit', chain: 'BASE', status: 'pending', txHash: DEPOSIT })] },
        { status: 'pending', step: 3 },
      ),
    );
    expect(confirming[0]!.note).toBe('Sent; waiting for Base to confirm it (2 of 6 confirmations)');
    expect(confirming[1]).toMatchObject({ id: 'bridge', status: 'waiting', txHash: DEPOSIT });
  });

  it('fills, is delayed past the estimate, and ends with the fill on the destination explorer', () => {
    const pending = status(
      { ...native, state: 'pending', depositTxHash: DEPOSIT, depositUrl: 'https://basescan.org/tx/d', depositedAt: 10_000 },
      { status: 'pending', step: 3 },
    );
    expect(summary(trackerSteps(pending))).toEqual(['deposit:done', 'bridge:active']);
    expect(trackerSteps(pending)[0]).toMatchObject({ note: 'Confirmed on Base', explorerUrl: 'https://basescan.org/tx/d' });
    expect(trackerSteps({ ...pending, status: 'delayed' }, undefined, 25_000)[1]!.note).toBe('Delayed: taking longer than the estimated 5 s (10 s over)');

    const done = trackerSteps(
      filled(native, [
        leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }),
        leg({ kind: 'fill', chain: 'ARB', txHash: FILL, url: 'https://arbiscan.io/tx/f' }),
      ]),
    );
    expect(summary(done)).toEqual(['deposit:done', 'bridge:done']);
    expect(done[1]).toMatchObject({
      label: 'Bridge 1 ETH Base → Arbitrum One',
      note: 'Paid on Arbitrum One',
      txHash: FILL,
      explorerUrl: 'https://arbiscan.io/tx/f',
    });
  });

  it('reads a status without details from its public fields', () => {
    const bare = trackerSteps({ ...status(native, { status: 'success', step: 4, inTxHashes: [DEPOSIT], txHashes: [FILL] }), details: undefined });
    expect(summary(bare)).toEqual(['deposit:done', 'bridge:done']);
    expect(bare.map((step) => step.label)).toEqual(['Deposit', 'Bridge']);
    expect(links(bare)).toEqual([DEPOSIT, FILL]);
  });
});

describe('trackerSteps: a route with swaps', () => {
  it('shows each leg with its venue: the source swap is the deposit, the destination swap the fill', () => {
    const steps = trackerSteps(
      filled(token, [
        leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT, amount: SWAP_IN.amountIn, token: ALPHA }),
        leg({ kind: 'swap', chain: 'ARB', txHash: FILL, amount: SWAP_OUT.amountOut, token: BETA }),
      ]),
    );
    expect(summary(steps)).toEqual(['swap-0:done', 'bridge:done', 'swap-2:done']);
    expect(steps.map((step) => step.label)).toEqual([
      'Swap 1,000 ALPHA → 0.49 ETH on Base · Uniswap V3',
      'Bridge 0.49 ETH Base → Arbitrum One',
      'Swap 0.489 ETH → 1,200 BETA on Arbitrum One · Uniswap V2',
    ]);
    expect(links(steps)).toEqual([DEPOSIT, DEPOSIT, FILL]);
    expect(steps[0]).toMatchObject({ note: 'Swapped by the deposit, confirmed on Base', explorerUrl: `https://basescan.org/tx/${DEPOSIT}` });
    expect(steps[2]).toMatchObject({ note: 'Paid on Arbitrum One', explorerUrl: `https://arbiscan.io/tx/${FILL}` });
  });

  it("reads a swap-and-deposit, whose swap leg shares the deposit's transaction, as one step", () => {
    const confirming = status(
      {
        ...token,
        state: 'pending',
        confirmations: { seen: 1, required: 2 },
        legs: [
          leg({ kind: 'swap', chain: 'BASE', status: 'pending', txHash: DEPOSIT, amount: SWAP_IN.amountIn, token: ALPHA, venue: 'UNISWAP_V2 + UNISWAP_V3' }),
          leg({ kind: 'deposit', chain: 'BASE', status: 'pending', txHash: DEPOSIT, amount: SWAP_IN.amountOut, token: NATIVE_TOKEN_ADDRESS }),
          leg({ kind: 'swap', chain: 'ARB', status: 'waiting', venue: 'UNISWAP_V2' }),
        ],
      },
      { status: 'pending', step: 3 },
    );
    const steps = trackerSteps(confirming);
    expect(summary(steps)).toEqual(['swap-0:active', 'bridge:waiting', 'swap-2:waiting']);
    expect(steps[0]).toMatchObject({
      label: 'Swap 1,000 ALPHA → 0.49 ETH on Base · Uniswap V2 + Uniswap V3',
      note: 'Sent; waiting for Base to confirm it (1 of 2 confirmations)',
      txHash: DEPOSIT,
    });
    expect(steps[2]).toEqual({ id: 'swap-2', label: 'Swap 0.489 ETH → 1,200 BETA on Arbitrum One · Uniswap V2', status: 'waiting', note: 'With the fill' });
  });

  it('leaves out a sale of the deposit on the source chain after the fill', () => {
    const steps = trackerSteps(
      filled(token, [
        leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }),
        leg({ kind: 'swap', chain: 'ARB', txHash: FILL }),
        leg({ kind: 'swap', chain: 'BASE', status: 'pending', txHash: SALE }),
      ]),
    );
    expect(summary(steps)).toEqual(['swap-0:done', 'bridge:done', 'swap-2:done']);
    expect(links(steps)).not.toContain(SALE);
  });

  it('links the fill on the bridge step when the fill is a transfer, and names the venue the transactions report', () => {
    const intoEth = { ...token, tokenOut: NATIVE_TOKEN_ADDRESS, symbolOut: 'ETH', amountOut: BRIDGE.amountOut, route: [SWAP_IN, BRIDGE] };
    const steps = trackerSteps(
      filled(intoEth, [
        leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT, venue: 'UNISWAP_V2 + UNISWAP_V3' }),
        leg({ kind: 'fill', chain: 'ARB', txHash: FILL }),
      ]),
    );
    expect(summary(steps)).toEqual(['swap-0:done', 'bridge:done']);
    expect(steps[0]!.label).toBe('Swap 1,000 ALPHA → 0.49 ETH on Base · Uniswap V2 + Uniswap V3');
    expect(links(steps)).toEqual([DEPOSIT, FILL]);
  });

  it('follows the destination swap while the fill that makes it is under way', () => {
    const filling = status(
      {
        ...token,
        state: 'pending',
        depositTxHash: DEPOSIT,
        depositedAt: 10_000,
        legs: [leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }), leg({ kind: 'swap', chain: 'ARB', status: 'pending', txHash: FILL })],
      },
      { status: 'pending', step: 3 },
    );
    expect(summary(trackerSteps(filling))).toEqual(['swap-0:done', 'bridge:active', 'swap-2:active']);
    expect(trackerSteps(filling)[2]).toMatchObject({ note: 'Swapping on Arbitrum One', txHash: FILL });
    const before = status({ ...token, state: 'waiting', legs: [leg({ kind: 'deposit', chain: 'BASE', status: 'waiting' })] });
    expect(summary(trackerSteps(before))).toEqual(['swap-0:active', 'bridge:waiting', 'swap-2:waiting']);
    expect(trackerSteps(before)[0]!.note).toBe('Made by the deposit: waiting for it on Base');
  });
});

describe('trackerSteps: an approval and a refund', () => {
  it('puts an approval before the deposit, with its transaction', () => {
    const steps = trackerSteps(
      status({
        ...token,
        legs: [
          leg({ kind: 'approve', chain: 'BASE', txHash: APPROVE, url: 'https://basescan.org/tx/approve', amount: SWAP_IN.amountIn, token: ALPHA }),
          leg({ kind: 'deposit', chain: 'BASE', status: 'waiting' }),
        ],
      }),
    );
    expect(steps[0]).toEqual({
      id: 'approve',
      label: 'Approve ALPHA',
      status: 'done',
      note: 'Done: 1,000 ALPHA',
      txHash: APPROVE,
      explorerUrl: 'https://basescan.org/tx/approve',
    });
    expect(summary(steps)).toEqual(['approve:done', 'swap-0:active', 'bridge:waiting', 'swap-2:waiting']);
  });

  it('shows the refund as its own step: under way until sent, then with its transaction', () => {
    const returning = { ...token, depositTxHash: DEPOSIT, depositedAt: 10_000, reason: 'The deposit arrived after the quote expired.' };
    const decided = trackerSteps(
      status(
        {
          ...returning,
          state: 'refunding',
          legs: [leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }), leg({ kind: 'refund', chain: 'BASE', status: 'pending' })],
        },
        { status: 'pending', step: 3 },
      ),
    );
    expect(summary(decided)).toEqual(['swap-0:done', 'bridge:failed', 'swap-2:skipped', 'refund:active']);
    expect(decided[3]).toEqual({ id: 'refund', label: 'Refund on Base', status: 'active', note: 'Returning the deposit on Base' });

    const sent = trackerSteps(
      status(
        { ...returning, state: 'refunding', legs: [leg({ kind: 'refund', chain: 'BASE', status: 'pending', txHash: REFUND })] },
        { status: 'refund', step: 0 },
      ),
    );
    expect(sent[3]).toMatchObject({
      status: 'active',
      note: 'Sent on Base; waiting for it to confirm',
      txHash: REFUND,
      explorerUrl: `https://basescan.org/tx/${REFUND}`,
    });

    const refunded = trackerSteps(
      status(
        {
          ...returning,
          state: 'refund',
          refundTxHash: REFUND,
          refundUrl: 'https://basescan.org/tx/r',
          legs: [leg({ kind: 'refund', chain: 'BASE', txHash: REFUND, url: 'https://basescan.org/tx/r', amount: '999000000000000000000', token: ALPHA })],
        },
        { status: 'refund', step: 0 },
      ),
    );
    expect(refunded[3]).toMatchObject({ status: 'done', note: 'Returned 999 ALPHA on Base', explorerUrl: 'https://basescan.org/tx/r' });
    expect(refunded[1]!.note).toBe('Not filled: the deposit is returned');

    // What a source swap deposited goes back in that coin.
    const swappedBack = trackerSteps(
      status(
        {
          ...returning,
          state: 'refund',
          legs: [leg({ kind: 'refund', chain: 'BASE', txHash: REFUND, amount: '480000000000000000', token: NATIVE_TOKEN_ADDRESS })],
        },
        { status: 'refund', step: 0 },
      ),
    );
    expect(swappedBack[3]!.note).toBe('Returned 0.48 ETH on Base');

    const failed = trackerSteps(status({ ...native, state: 'failure', depositTxHash: DEPOSIT, depositedAt: 10_000 }, { status: 'failure', step: 0 }));
    expect(summary(failed)).toEqual(['deposit:done', 'bridge:failed', 'refund:failed']);
    expect(failed[2]!.note).toBe('Nothing could be returned');
  });
});
