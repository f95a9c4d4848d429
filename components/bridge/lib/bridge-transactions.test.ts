import { describe, expect, it } from 'vitest';
import { requestTransactions } from './bridge-transactions';
import type { BridgeDetails, BridgeLeg, BridgeStatus } from './bridge-types';

const DEPOSIT = `0x${'a'.repeat(64)}`;
const FILL = `0x${'b'.repeat(64)}`;
const REFUND = `0x${'c'.repeat(64)}`;
const SEEN = `0x${'d'.repeat(64)}`;
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const details: BridgeDetails = {
  requestId: '0x01',
  state: 'pending',
  sourceChain: 'BASE',
  destinationChain: 'ARB',
  trader: WALLET,
  recipient: WALLET,
  amountIn: '1',
  amountOut: '1',
  amountInFormatted: '1',
  amountOutFormatted: '1',
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

/** A transaction leg; `venue` as a leg may come to name it. */
const leg = (overrides: Partial<BridgeLeg> & Pick<BridgeLeg, 'kind' | 'chain'> & { venue?: unknown }): BridgeLeg => ({
  status: 'success',
  txHash: null,
  url: null,
  amount: null,
  token: null,
  ...overrides,
});

function status(detailOverrides: Partial<BridgeDetails>, overrides: Partial<BridgeStatus> = {}): BridgeStatus {
  return {
    success: true,
    status: 'pending',
    step: 3,
    totalSteps: 4,
    requestId: '0x01',
    trackingUrl: 'http://localhost/bridge/0x01',
    inTxHashes: null,
    txHashes: null,
    refundDetails: null,
    error: false,
    fetchFailed: false,
    details: { ...details, ...detailOverrides },
    ...overrides,
  };
}

describe('requestTransactions', () => {
  it('takes each hash from its leg first, a deposit still confirming included', () => {
    const txs = requestTransactions(
      status({
        depositTxHash: null,
        legs: [leg({ kind: 'deposit', chain: 'BASE', status: 'pending', txHash: SEEN, amount: '5', token: '0x0000000000000000000000000000000000000000' })],
      }),
      DEPOSIT,
    );
    expect(txs.deposit).toEqual({
      chain: 'BASE',
      txHash: SEEN,
      explorerUrl: `https://basescan.org/tx/${SEEN}`,
      status: 'pending',
      amount: '5',
      token: '0x0000000000000000000000000000000000000000',
    });
  });

  it("falls back to the answer's own hashes and links, then to the hash the wallet reported", () => {
    const txs = requestTransactions(
      status(
        { depositTxHash: DEPOSIT, depositUrl: 'https://basescan.org/tx/d', fillTxHash: FILL },
        { refundDetails: { currency: 'ETH', chain: 'BASE', contractAddress: '0x0', txHash: REFUND } },
      ),
    );
    expect(txs.deposit).toEqual({ chain: 'BASE', txHash: DEPOSIT, explorerUrl: 'https://basescan.org/tx/d' });
    expect(txs.fill).toEqual({ chain: 'ARB', txHash: FILL, explorerUrl: `https://arbiscan.io/tx/${FILL}` });
    expect(txs.refund).toMatchObject({ txHash: REFUND, explorerUrl: `https://basescan.org/tx/${REFUND}` });
    expect(requestTransactions(status({}), DEPOSIT).deposit.txHash).toBe(DEPOSIT);
    expect(requestTransactions(status({})).approve).toBeUndefined();
  });

  it('reads a destination swap as the fill, with the venue its leg names', () => {
    const txs = requestTransactions(
      status({ legs: [leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }), leg({ kind: 'swap', chain: 'ARB', txHash: FILL, venue: 'UNISWAP_V2' })] }),
    );
    expect(txs.deposit).toEqual({ chain: 'BASE', txHash: DEPOSIT, explorerUrl: `https://basescan.org/tx/${DEPOSIT}`, status: 'success' });
    expect(txs.fill).toMatchObject({ chain: 'ARB', txHash: FILL, venue: 'UNISWAP_V2' });
  });

  it("takes a source swap leg as the deposit's own transaction, lending it only its venue", () => {
    // As a swap-and-deposit lists it: the swap first, with the deposit's hash and state.
    const swapAndDeposit = [
      leg({
        kind: 'swap',
        chain: 'BASE',
        status: 'pending',
        txHash: SEEN,
        amount: '1000',
        token: '0x00000000000000000000000000000000000a1fa0',
        venue: 'UNISWAP_V3',
      }),
      leg({ kind: 'deposit', chain: 'BASE', status: 'pending', txHash: SEEN, amount: '5', token: '0x0000000000000000000000000000000000000000' }),
    ];
    expect(requestTransactions(status({ legs: swapAndDeposit })).deposit).toEqual({
      chain: 'BASE',
      txHash: SEEN,
      explorerUrl: `https://basescan.org/tx/${SEEN}`,
      status: 'pending',
      amount: '5',
      token: '0x0000000000000000000000000000000000000000',
      venue: 'UNISWAP_V3',
    });
    // A sale of the deposit after the fill, as older servers list it, is nobody's transaction.
    const sold = requestTransactions(
      status({ legs: [leg({ kind: 'deposit', chain: 'BASE', txHash: DEPOSIT }), leg({ kind: 'swap', chain: 'BASE', txHash: REFUND })] }),
    );
    expect([sold.deposit.txHash, sold.fill.txHash, sold.refund.txHash]).toEqual([DEPOSIT, undefined, undefined]);
  });
});
