import { describe, expect, it } from 'vitest';
import type { BridgeDeps } from '@/server/bridge/bridge-deps';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { bridgeStatusAnswer, executeAnswerOf } from './bridge';

const DEPOSITED_AT = 1_000_000;

/** A stored request with the columns the answers read; the rest of the row does not matter to them. */
function row(overrides: Partial<BridgeRequest>): BridgeRequest {
  return {
    id: '0xrequest',
    owner: 'o',
    sourceChain: 'BASE',
    destinationChain: 'ARB',
    trader: '0xtrader',
    recipient: '0xrecipient',
    amountIn: '1000000000000000000',
    amountOut: '990000000000000000',
    minAmountOut: '980000000000000000',
    feeAmount: '1000000000000000',
    estimatedSeconds: 6,
    state: 'waiting',
    expiresAt: new Date(2_000_000),
    depositTxHash: null,
    depositFrom: null,
    depositAmount: null,
    depositedAt: null,
    paymentTxHash: null,
    paymentRawTx: null,
    fillTxHash: null,
    paidAmount: null,
    filledAt: null,
    refundTxHash: null,
    refundAmount: null,
    reason: null,
    attempts: 0,
    nextAttemptAt: new Date(0),
    claimedUntil: null,
    lastError: null,
    createdAt: new Date(900_000),
    updatedAt: new Date(900_000),
    tokenIn: null,
    tokenOut: null,
    payout: null,
    swapAmountIn: null,
    depositToken: null,
    route: null,
    sourceSwap: null,
    sourceSwapRaw: null,
    sourceSwapTxHash: null,
    seenDepositTxHash: null,
    seenDepositConfirmations: null,
    seenDepositRequired: null,
    seenDepositAt: null,
    ...overrides,
  } as BridgeRequest;
}

/** A fill the solver could not make: the deposit goes back, its refund not yet signed. */
const decided = row({
  state: 'refunding',
  depositTxHash: '0xdeposit',
  depositFrom: '0xtrader',
  depositAmount: '1000000000000000000',
  depositedAt: new Date(DEPOSITED_AT),
  reason: 'The solver could not fill on Arbitrum One.',
});
/** The same request once its refund is stored, and so sent. */
const sent = { ...decided, paymentTxHash: '0xrefund', paymentRawTx: '0x02refund', refundAmount: '999000000000000000' };
const refunded = { ...sent, state: 'refund' as const, refundTxHash: '0xrefund' };

const answerDeps = { publicUrl: 'https://app.example', now: () => DEPOSITED_AT + 2_000 };

function statusDeps(stored: BridgeRequest): BridgeDeps {
  // The status answer reads the request and shapes it; nothing else of the bridge is reached.
  return { ...answerDeps, requests: { find: async () => stored } } as unknown as BridgeDeps;
}

describe('bridge status answer around a refund', () => {
  it('reads a refund decided but not sent as pending: no refund details, no error, the refund leg pending without a hash', async () => {
    const answer = await bridgeStatusAnswer(statusDeps(decided), decided.id);
    expect(answer).toMatchObject({ status: 'pending', step: 3, error: false, refundDetails: null, inTxHashes: ['0xdeposit'] });
    expect(answer.details).toMatchObject({ state: 'refunding', reason: decided.reason });
    expect(answer.details!.legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'pending', txHash: null });
  });

  it("reads the refund once sent, with its hash everywhere the source chain's transactions are listed", async () => {
    const answer = await bridgeStatusAnswer(statusDeps(sent), sent.id);
    expect(answer).toMatchObject({ status: 'refund', step: 0, error: true, inTxHashes: ['0xdeposit', '0xrefund'] });
    expect(answer.refundDetails).toEqual({
      currency: 'ETH',
      chain: 'BASE',
      contractAddress: '0x0000000000000000000000000000000000000000',
      amount: '999000000000000000',
      txHash: '0xrefund',
    });
    expect(answer.details!.legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'pending', txHash: '0xrefund' });
  });

  it('keeps the same hash once the refund confirms', async () => {
    const answer = await bridgeStatusAnswer(statusDeps(refunded), refunded.id);
    expect(answer).toMatchObject({ status: 'refund', step: 0, error: true, inTxHashes: ['0xdeposit', '0xrefund'] });
    expect(answer.refundDetails?.txHash).toBe('0xrefund');
    expect(answer.details!.legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'success', txHash: '0xrefund' });
  });

  it('reads a request nothing could be returned for as failure, with refund details and no hash', async () => {
    const failed = { ...decided, state: 'failure' as const };
    const answer = await bridgeStatusAnswer(statusDeps(failed), failed.id);
    expect(answer).toMatchObject({ status: 'failure', step: 0, error: true, inTxHashes: ['0xdeposit'] });
    expect(answer.refundDetails).toMatchObject({ currency: 'ETH', chain: 'BASE', txHash: null });
  });
});

describe('bridge execute answer around a refund', () => {
  it('answers PENDING while the refund is decided but not sent, as the status reads it', () => {
    expect(executeAnswerOf(answerDeps, decided)).toEqual({
      success: true,
      status: 'PENDING',
      sourceTxHash: '0xdeposit',
      destinationTxHash: null,
      requestId: decided.id,
      trackingUrl: `https://app.example/bridge/${decided.id}`,
      bridgeStatus: 'pending',
      error: null,
      refundDetails: null,
    });
    // Past its estimate, the same delay the status reports.
    expect(executeAnswerOf({ ...answerDeps, now: () => DEPOSITED_AT + 60_000 }, decided)).toMatchObject({ status: 'PENDING', bridgeStatus: 'delayed' });
  });

  it('answers FAILED with the refund once it is sent, and once it confirms', () => {
    for (const returned of [sent, refunded]) {
      expect(executeAnswerOf(answerDeps, returned), returned.state).toMatchObject({
        success: false,
        status: 'FAILED',
        sourceTxHash: '0xdeposit',
        destinationTxHash: null,
        bridgeStatus: 'refund',
        error: decided.reason,
        refundDetails: { currency: 'ETH', chain: 'BASE', amount: '999000000000000000', txHash: '0xrefund' },
      });
    }
  });

  it('answers FAILED without a hash when nothing could be returned, with a message when none was stored', () => {
    expect(executeAnswerOf(answerDeps, { ...decided, state: 'failure', reason: null })).toMatchObject({
      success: false,
      status: 'FAILED',
      bridgeStatus: 'failure',
      error: 'The bridge could not be filled; the deposit is being returned.',
      refundDetails: { currency: 'ETH', txHash: null },
    });
  });
});
