import { WalletAccountError, WalletSignTransactionError } from '@solana/wallet-adapter-base';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { SwapFlowError, describeError, describeTokenRefusal, describeTradeFailure, describeWalletAddressRefusal, isUserRejection } from './error-messages';

function refusal(message: string, appCode: string, field: string | null): TRPCClientError<never> {
  return Object.assign(new TRPCClientError<never>(message), { data: { appCode, field } });
}

describe('describeError', () => {
  it('recognises a rejection by its 4001 code, also inside a Solana wallet adapter error', () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    expect(isUserRejection(rejected)).toBe(true);
    expect(describeError(new WalletSignTransactionError(rejected.message, rejected))).toBe('You rejected the request in your wallet.');
  });

  it('names what a Solana wallet refused, with its own words when it gave some', () => {
    expect(describeError(new WalletAccountError())).toBe('The wallet gave no account. Unlock it and choose an account.');
    expect(describeError(new WalletSignTransactionError('Transaction too large\nat line 3', new Error('x')))).toBe(
      'The wallet did not sign the transaction: Transaction too large',
    );
  });

  it("shows a refused field's message without the field name the API puts first", () => {
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

describe('refusals of what a person typed', () => {
  it('says a refused wallet address in one sentence, whatever rules the server listed', () => {
    const twice = refusal('address: must be a 0x address; address: must be a wallet', 'INVALID_INPUT', 'address');
    expect(describeWalletAddressRefusal(twice, { name: 'Base', family: 'evm' })).toBe(
      'This is not a wallet address on Base, where an address is 0x followed by 40 hex digits.',
    );
    expect(describeWalletAddressRefusal(refusal('chain: unknown', 'INVALID_INPUT', 'chain'), { name: 'Base', family: 'evm' })).toBe('unknown');
  });

  it('says an address without a token is not a token on the chain', () => {
    const notFound = refusal('no ERC-20 token at 0x1 on BASE: it does not answer decimals().', 'NOT_FOUND', null);
    expect(describeTokenRefusal(notFound, 'Base')).toBe('This address is not a token on Base.');
    expect(describeTokenRefusal(refusal('0x1 is not an ERC-20 token on BASE', 'INVALID_INPUT', 'address'), 'Base')).toBe(
      'This address is not a token on Base.',
    );
    expect(describeTokenRefusal(refusal('Too many requests.', 'RATE_LIMITED', null), 'Base')).toBe('Too many requests.');
  });
});

describe('describeTradeFailure', () => {
  it('explains known codes and names unknown ones', () => {
    expect(describeTradeFailure('SLIPPAGE_EXCEEDED')).toMatch(/slippage/);
    expect(describeTradeFailure('SOMETHING_NEW')).toBe('The trade failed on chain (SOMETHING_NEW).');
    expect(describeTradeFailure(null)).toBe('The trade failed on chain.');
  });
});
