import { WalletAccountError, WalletSignTransactionError } from '@solana/wallet-adapter-base';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { SwapFlowError, describeError, describeTradeFailure, isUserRejection } from './error-messages';

describe('describeError', () => {
  it('recognises a rejection by its 4001 code, also inside a Solana wallet adapter error', () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    expect(isUserRejection(rejected)).toBe(true);
    expect(describeError(new WalletSignTransactionError(rejected.message, rejected))).toBe('You rejected the request in your wallet.');
  });

  it('names what a Solana wallet refused, with its own words when it gave some', () => {
    expect(describeError(new WalletAccountError())).toBe('The wallet gave no account. Unlock it and choose an account.');
    expect(describeError(new WalletSignTransactionError('Transaction too large\nat line 3', new Error('x'))))
      .toBe('The wallet did not sign the transaction: Transaction too large');
  });

  it('shows a refused field\'s message without the field name the API puts first', () => {
    const refusal = new TRPCClientError<never>('amount: The largest bridge this server takes is $100,000.');
    Object.assign(refusal, { data: { appCode: 'LIMIT_EXCEEDED', field: 'amount' } });
    expect(describeError(refusal)).toBe('The largest bridge this server takes is $100,000.');
    const unnamed = new TRPCClientError<never>('No route between these tokens.');
    Object.assign(unnamed, { data: { appCode: 'NO_ROUTE', field: null } });
    expect(describeError(unnamed)).toBe('No route between these tokens.');
  });

  it('shows our own messages and the first line of anything else', () => {
    expect(describeError(new SwapFlowError('Get a new quote.'))).toBe('Get a new quote.');
    expect(describeError(new Error('first\nsecond'))).toBe('first');
    expect(describeError('nothing useful')).toBe('Something went wrong. Try again.');
  });
});

describe('describeTradeFailure', () => {
  it('explains known codes and names unknown ones', () => {
    expect(describeTradeFailure('SLIPPAGE_EXCEEDED')).toMatch(/slippage/);
    expect(describeTradeFailure('SOMETHING_NEW')).toBe('The trade failed on chain (SOMETHING_NEW).');
    expect(describeTradeFailure(null)).toBe('The trade failed on chain.');
  });
});
