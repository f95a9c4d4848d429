/**
 * Secrets the server checks against what a caller sends are compared in constant time, so the answer's
 * timing does not reveal how many leading bytes of a guess were right: the dev key's hash, quote id MACs
 * and session cookie signatures. The comparison primitives are watched, not timed: timing in a unit test
 * is noise, while a plain `===` or `Buffer.equals` slipping in is exactly what these catch.
 */
import * as nodeCrypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueQuoteId, verifyQuoteId, type QuoteClaims } from '@/server/trading/quote-id';
import { hashApiKey } from './api-key-secret';
import { authenticate } from './authenticate';
import { createSessionCookie, verifySessionCookie } from './session-cookie';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(nodeCrypto.timingSafeEqual);
const SECRET = 's'.repeat(40);
const DEV_KEY = 'dev-key-of-sufficient-length';

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('constant-time comparisons', () => {
  it('the dev key: its hash is compared with timingSafeEqual, for a right and a wrong key alike', async () => {
    const deps = {
      findKeyByHash: async () => undefined,
      devKeyHash: hashApiKey(DEV_KEY),
      devRateLimitPerMinute: 1,
      sessionSecret: SECRET,
      sessionRateLimitPerMinute: 1,
    };
    await expect(authenticate(deps, { authorization: `Bearer ${DEV_KEY}`, allowSession: false })).resolves.toMatchObject({ kind: 'dev' });
    await expect(authenticate(deps, { authorization: `Bearer ${DEV_KEY}x`, allowSession: false })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
    for (const [left, right] of timingSafeEqual.mock.calls) {
      expect([(left as Buffer).length, (right as Buffer).length]).toEqual([32, 32]);
    }
  });

  it('quote ids: the MAC is compared with timingSafeEqual', () => {
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
    const id = issueQuoteId(SECRET, claims);
    expect(verifyQuoteId(SECRET, id, claims.exp)).toEqual(claims);
    const [payload, mac] = id.split('.') as [string, string];
    const flipped = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(() => verifyQuoteId(SECRET, flipped, claims.exp)).toThrow();
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it('session cookies: the signature is checked by crypto.subtle.verify, never recomputed and compared', async () => {
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const { value } = await createSessionCookie(SECRET, 1_000);
    sign.mockClear();
    expect(await verifySessionCookie(SECRET, value, 1_001)).toBeDefined();
    const [body, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    const forged = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await verifySessionCookie(SECRET, forged, 1_001)).toBeUndefined();
    expect(verify).toHaveBeenCalledTimes(2);
    expect(sign).not.toHaveBeenCalled();
  });
});
