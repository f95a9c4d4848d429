import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { issueQuoteId, QUOTE_TTL_MS, verifyQuoteId, type QuoteClaims } from './quote-id';

const claims: QuoteClaims = {
  v: 1,
  channel: 'v2',
  chain: 'BASE',
  trader: '0x2222222222222222222222222222222222222222',
  exp: 1_000_000,
  txs: [{ role: 'trade', hash: `0x${'ab'.repeat(32)}`, nonce: 3 }],
  tokenIn: '0x0000000000000000000000000000000000000000',
  tokenOut: '0x1111111111111111111111111111111111111111',
  amountIn: '1000',
  amountOut: '2000',
  decimalsIn: 18,
  decimalsOut: 6,
  side: 'BUY',
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

  it('live the 30 s the API reference promises: valid 29,999 ms after issue, expired 30,001 ms after', () => {
    // Quotes are issued with exp = issue time + QUOTE_TTL_MS (evm-quote.ts, solana-quote.ts).
    const issuedAt = 1_700_000_000_000;
    const id = issueQuoteId('secret', { ...claims, exp: issuedAt + QUOTE_TTL_MS });
    expect(verifyQuoteId('secret', id, issuedAt + 29_999).exp).toBe(issuedAt + 30_000);
    expect(codeOf(() => verifyQuoteId('secret', id, issuedAt + 30_001))).toBe('QUOTE_EXPIRED');
  });

  it('say why they were refused: not issued here, or expired with the 30 s validity named', () => {
    const expired = (() => {
      try {
        return verifyQuoteId('secret', issueQuoteId('secret', claims), claims.exp + 1);
      } catch (error) {
        return error;
      }
    })();
    expect(expired).toMatchObject({ code: 'QUOTE_EXPIRED', message: expect.stringMatching(/expired .*30 seconds/) });
    expect(() => verifyQuoteId('other', issueQuoteId('secret', claims), 0)).toThrow(/not issued by this service/);
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
    // A signature of another length is refused as not issued here, not thrown as an internal error.
    expect(codeOf(() => verifyQuoteId('secret', `${payload}.AAAA`, 0))).toBe('QUOTE_NOT_FOUND');
  });

  it('are refused when correctly signed but not a quote of this format (another version, not an object)', () => {
    const otherVersion = issueQuoteId('secret', { ...claims, v: 2 } as unknown as QuoteClaims);
    expect(codeOf(() => verifyQuoteId('secret', otherVersion, 0))).toBe('QUOTE_NOT_FOUND');
    const notAnObject = issueQuoteId('secret', 'a string' as unknown as QuoteClaims);
    expect(codeOf(() => verifyQuoteId('secret', notAnObject, 0))).toBe('QUOTE_NOT_FOUND');
  });

  it('carry every transaction role, both sides and the Solana fields through unchanged', () => {
    const full: QuoteClaims = {
      ...claims,
      side: 'SELL',
      txs: (['pretrade', 'reset', 'approve', 'trade'] as const).map((role, index) => ({ role, hash: `0x${String(index).repeat(64)}`, nonce: 3 + index })),
      solana: { venue: 'maker', venueAmountIn: '10', venueAmountOut: '20', slippageBps: 50, lastValidBlockHeight: 1_234 },
    };
    expect(verifyQuoteId('secret', issueQuoteId('secret', full), 0)).toEqual(full);
  });
});
