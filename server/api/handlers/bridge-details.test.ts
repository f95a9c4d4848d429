import { describe, expect, it } from 'vitest';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { detailsOf } from './bridge-details';

const USDC = { address: '0xusdc', symbol: 'USDC', decimals: 6 };
const ETH = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 };
const ALPHA = { address: '0xalpha', symbol: 'ALPHA', decimals: 18 };

function row(overrides: Partial<BridgeRequest>): BridgeRequest {
  return {
    id: '0xrequest',
    owner: 'o',
    sourceChain: 'BASE',
    destinationChain: 'ARB',
    trader: '0xtrader',
    recipient: '0xrecipient',
    amountIn: '250000000',
    amountOut: '249000000',
    minAmountOut: '240000000',
    feeAmount: '250000',
    estimatedSeconds: 6,
    state: 'waiting',
    expiresAt: new Date(2_000),
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
    createdAt: new Date(1_000),
    updatedAt: new Date(1_000),
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
    depositAsset: null,
    depositExpected: null,
    depositMin: null,
    grossOut: null,
    gasOut: null,
    slippageBps: null,
    usdValue: null,
    fillGasLimit: null,
    depositCallHash: null,
    approvalQuoted: null,
    ...overrides,
  };
}

const route = (legs: object[]) => JSON.stringify(legs);
const legs = (details: ReturnType<typeof detailsOf>) => details.legs!.map((leg) => [leg.kind, leg.chain, leg.status, leg.txHash]);

describe('bridge details', () => {
  it('a native bridge reads as before, with its native coins and a deposit and fill leg', () => {
    const details = detailsOf(row({ amountIn: '1000000000000000000', amountOut: '990000000000000000' }));
    expect(details).toMatchObject({ tokenIn: ETH.address, symbolIn: 'ETH', symbolOut: 'ETH', amountInFormatted: '1', route: [] });
    expect(legs(details)).toEqual([
      ['deposit', 'BASE', 'waiting', null],
      ['fill', 'ARB', 'waiting', null],
    ]);
  });

  it('a token bridge takes its tokens and decimals from the stored route', () => {
    const stored = route([{ kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: USDC, tokenOut: USDC, amountIn: '250000000', amountOut: '249000000' }]);
    const details = detailsOf(
      row({
        route: stored,
        tokenIn: USDC.address,
        tokenOut: USDC.address,
        payout: 'transfer',
        state: 'pending',
        depositTxHash: '0xd',
        depositToken: USDC.address,
        paymentTxHash: '0xp',
      }),
    );
    expect(details).toMatchObject({ symbolIn: 'USDC', decimalsOut: 6, amountInFormatted: '250', amountOutFormatted: '249' });
    expect(details.route).toEqual([
      {
        kind: 'bridge',
        chain: 'BASE',
        venue: 'solver',
        tokenIn: '0xusdc',
        tokenOut: '0xusdc',
        symbolIn: 'USDC',
        symbolOut: 'USDC',
        amountIn: '250000000',
        amountOut: '249000000',
      },
    ]);
    // The payment is stored and sent: the fill leg shows its hash while pending.
    expect(legs(details)).toEqual([
      ['deposit', 'BASE', 'success', '0xd'],
      ['fill', 'ARB', 'pending', '0xp'],
    ]);
  });

  it('a swap-and-deposit is a source swap sharing the deposit transaction, and a destination swap is the fill, each with its venue', () => {
    const stored = route([
      { kind: 'swap', chain: 'BASE', venue: 'UNISWAP_V3', tokenIn: ALPHA, tokenOut: ETH, amountIn: '1', amountOut: '1' },
      { kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: ETH, tokenOut: ETH, amountIn: '1', amountOut: '1' },
      { kind: 'swap', chain: 'ARB', venue: 'UNISWAP_V2', tokenIn: ETH, tokenOut: USDC, amountIn: '1', amountOut: '1' },
    ]);
    const quoted = { route: stored, payout: 'swap' as const, tokenIn: ALPHA.address, amountIn: '1000', depositCallHash: '0xcall', depositExpected: '900' };
    const waiting = detailsOf(row(quoted)).legs!;
    expect(waiting.map((leg) => [leg.kind, leg.chain, leg.status, leg.venue, leg.token, leg.amount])).toEqual([
      ['swap', 'BASE', 'waiting', 'UNISWAP_V3', ALPHA.address, '1000'],
      ['deposit', 'BASE', 'waiting', undefined, ETH.address, '900'],
      ['swap', 'ARB', 'waiting', 'UNISWAP_V2', USDC.address, '249000000'],
    ]);
    const filled = detailsOf(
      row({ ...quoted, state: 'success', depositTxHash: '0xd', depositAmount: '905', fillTxHash: '0xf', paidAmount: '249000001' }),
    ).legs!;
    expect(filled.map((leg) => [leg.kind, leg.chain, leg.status, leg.txHash, leg.amount])).toEqual([
      ['swap', 'BASE', 'success', '0xd', '1000'],
      ['deposit', 'BASE', 'success', '0xd', '905'],
      ['swap', 'ARB', 'success', '0xf', '249000001'],
    ]);
  });

  it('a returned deposit has no fill leg, and its refund leg follows the refund', () => {
    const returning = { state: 'refunding' as const, depositTxHash: '0xd', depositToken: USDC.address, paymentTxHash: '0xr' };
    expect(legs(detailsOf(row(returning)))).toEqual([
      ['deposit', 'BASE', 'success', '0xd'],
      ['refund', 'BASE', 'pending', '0xr'],
    ]);
    expect(legs(detailsOf(row({ ...returning, state: 'refund', refundTxHash: '0xr', paymentTxHash: null })))).toEqual([
      ['deposit', 'BASE', 'success', '0xd'],
      ['refund', 'BASE', 'success', '0xr'],
    ]);
    expect(detailsOf(row({ ...returning, state: 'failure', paymentTxHash: null })).legs!.at(-1)).toMatchObject({
      kind: 'refund',
      status: 'failure',
      txHash: null,
    });
  });

  it('a deposit seen below its depth is the pending deposit leg, with its confirmations so far', () => {
    const confirming = detailsOf(row({ seenDepositTxHash: '0xseen', seenDepositConfirmations: 2, seenDepositRequired: 6, seenDepositAt: new Date(1_500) }));
    // Stored as waiting until final; read as pending with the deposit's hash, as the public status says.
    expect(confirming).toMatchObject({ state: 'pending', depositTxHash: '0xseen', confirmations: { seen: 2, required: 6 } });
    expect(confirming.depositUrl).toContain('0xseen');
    expect(legs(confirming)).toEqual([
      ['deposit', 'BASE', 'pending', '0xseen'],
      ['fill', 'ARB', 'waiting', null],
    ]);
    // Nothing seen, or the deposit final: no confirmations to show.
    expect(detailsOf(row({}))).toMatchObject({ state: 'waiting', depositTxHash: null, depositUrl: null, confirmations: null });
    expect(detailsOf(row({ state: 'pending', depositTxHash: '0xd' })).confirmations).toBeNull();
  });

  it("links each transaction where the server says (the local world's own page), else on the chain's explorer", () => {
    const finished = row({ amountIn: '1000000000000000000', amountOut: '990000000000000000', state: 'success', depositTxHash: '0xd', fillTxHash: '0xf' });
    const local = detailsOf(finished, (chain, hash) => `/tx/${chain}/${hash}`);
    expect(local).toMatchObject({ depositUrl: '/tx/BASE/0xd', fillUrl: '/tx/ARB/0xf', refundUrl: null });
    expect(local.legs!.map((leg) => leg.url)).toEqual(['/tx/BASE/0xd', '/tx/ARB/0xf']);
    expect(detailsOf(finished)).toMatchObject({ depositUrl: 'https://basescan.org/tx/0xd', fillUrl: 'https://arbiscan.io/tx/0xf' });
  });
});
