import { serializeTransaction, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { QuotedTransactionError, parseQuotedTransaction, planSwap, toSendTransactionRequest } from './quoted-transaction';

const ROUTER: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKEN: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const TRADER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function unsigned(nonce: number, to: Address, data: Hex, value = 0n): string {
  return serializeTransaction({
    type: 'eip1559',
    chainId: 8453,
    nonce,
    to,
    data,
    value,
    gas: 210_000n,
    maxFeePerGas: 3_000_000_000n,
    maxPriorityFeePerGas: 1_000_000n,
  });
}

describe('parseQuotedTransaction', () => {
  it('reads every quoted field and turns them into an eth_sendTransaction request', () => {
    const tx = parseQuotedTransaction(unsigned(7, ROUTER, '0xdeadbeef', 5n * 10n ** 17n));
    expect(tx).toEqual({
      chainId: 8453,
      nonce: 7,
      to: ROUTER,
      data: '0xdeadbeef',
      value: 5n * 10n ** 17n,
      gas: 210_000n,
      maxFeePerGas: 3_000_000_000n,
      maxPriorityFeePerGas: 1_000_000n,
    });
    expect(toSendTransactionRequest(tx, TRADER)).toEqual({
      from: TRADER,
      to: ROUTER,
      data: '0xdeadbeef',
      value: '0x6f05b59d3b20000',
      gas: '0x33450',
      nonce: '0x7',
      chainId: '0x2105',
      maxFeePerGas: '0xb2d05e00',
      maxPriorityFeePerGas: '0xf4240',
    });
  });

  it('refuses what is not an EVM transaction', () => {
    expect(() => parseQuotedTransaction('AQABAg==')).toThrow(QuotedTransactionError);
  });
});

describe('planSwap', () => {
  it('confirms the approval first when its nonce comes before the trade (SELL)', () => {
    const plan = planSwap({ approve: unsigned(3, TOKEN, '0x095ea7b3'), trade: unsigned(4, ROUTER, '0x01') });
    expect(plan.approveBefore?.nonce).toBe(3);
    expect(plan.approveAfter).toBeUndefined();
    expect(plan.trade.nonce).toBe(4);
  });

  it('sends the approval after the trade when the quote orders it so (BUY)', () => {
    const plan = planSwap({ trade: unsigned(3, ROUTER, '0x01'), approve: unsigned(4, TOKEN, '0x095ea7b3') });
    expect(plan.approveBefore).toBeUndefined();
    expect(plan.approveAfter?.to).toBe(TOKEN);
  });

  it('keeps the extra transaction (a launch fee, a permit) to send before everything else', () => {
    const plan = planSwap({ extra: unsigned(3, TOKEN, '0x01', 5n), approve: '', trade: unsigned(4, ROUTER, '0x01') });
    expect(plan.extra).toMatchObject({ nonce: 3, value: 5n });
    expect(plan.trade.nonce).toBe(4);
  });

  it('has only the trade when no approval is quoted', () => {
    expect(planSwap({ trade: unsigned(0, ROUTER, '0x01'), approve: '' })).toEqual({ trade: expect.objectContaining({ nonce: 0 }) });
  });
});
