import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { issueQuoteId, verifyQuoteId, type QuoteClaims } from './quote-id';

const claims: QuoteClaims = {
  v: 1, channel: 'v2', chain: 'BASE', trader: '0x2222222222222222222222222222222222222222', exp: 1_000_000,
  txs: [{ role: 'trade', hash: `0x${'ab'.repeat(32)}`, nonce: 3 }],
  tokenIn: '0x0000000000000000000000000000000000000000', tokenOut: '0x1111111111111111111111111111111111111111',
  amountIn: '1000', amountOut: '2000', decimalsIn: 18, decimalsOut: 6, side: 'BUY',
};

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('quote ids', () => {
  it('round-trip while valid and use only identifier characters', () => {
    const id = issueQuoteId('secret', claims);
    expect(id).toMatch(/^[A-Za-z0-9._~-]+$/);
    expect(verifyQuoteId('secret', id, claims.exp)).toEqual(claims);
  });

  it('expire after their time', () => {
    expect(codeOf(() => verifyQuoteId('secret', issueQuoteId('secret', claims), claims.exp + 1))).toBe('QUOTE_EXPIRED');
  });

  it('are refused when altered, signed with another secret, or malformed', () => {
    const id = issueQuoteId('secret', claims);
    const [payload, signature] = id.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...claims, amountOut: '9999' })).toString('base64url');
    expect(codeOf(() => verifyQuoteId('secret', `${altered}.${signature}`, 0))).toBe('QUOTE_NOT_FOUND');
    expect(codeOf(() => verifyQuoteId('other', id, 0))).toBe('QUOTE_NOT_FOUND');
    expect(codeOf(() => verifyQuoteId('secret', payload, 0))).toBe('QUOTE_NOT_FOUND');
    expect(codeOf(() => verifyQuoteId('secret', 'q_e2e_0001', 0))).toBe('QUOTE_NOT_FOUND');
    expect(codeOf(() => verifyQuoteId('secret', `${id}.x`, 0))).toBe('QUOTE_NOT_FOUND');
  });
});
