import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { hashApiKey } from './api-key-secret';
import { authenticate, type AuthDeps } from './authenticate';
import { createSessionCookie, SESSION_COOKIE } from './session-cookie';

const SECRET = 's'.repeat(40);
const KEY = 'sk_live_key_for_tests_0123456789';
const OPERATOR_KEY = 'sk_live_operator_key_for_tests_01';

function deps(overrides: Partial<AuthDeps> = {}): AuthDeps {
  return {
    findKeyByHash: async (hash) => {
      if (hash === hashApiKey(KEY)) return { id: 'key_1', name: 'test', rateLimitPerMinute: 60, scope: 'api' };
      return hash === hashApiKey(OPERATOR_KEY) ? { id: 'key_2', name: 'scraper', rateLimitPerMinute: 60, scope: 'operator' } : undefined;
    },
    devRateLimitPerMinute: 1000,
    sessionSecret: SECRET,
    sessionRateLimitPerMinute: 30,
    ...overrides,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof AppError ? error.code : 'THREW';
  }
}

describe('authenticate', () => {
  it('accepts a stored key and the dev key', async () => {
    await expect(authenticate(deps(), { authorization: `Bearer ${KEY}`, allowSession: false })).resolves.toMatchObject({ kind: 'key', id: 'key_1' });
    const devKey = 'dev-key-of-sufficient-length';
    await expect(authenticate(deps({ devKeyHash: hashApiKey(devKey) }), { authorization: `Bearer ${devKey}`, allowSession: false })).resolves.toMatchObject({
      kind: 'dev',
    });
  });

  it('refuses unknown keys, malformed headers and missing credentials', async () => {
    for (const authorization of ['Bearer nope', 'Basic abc', 'Bearer', `Bearer ${KEY} extra`]) {
      expect(await codeOf(authenticate(deps(), { authorization, allowSession: true }))).toBe('UNAUTHORIZED');
    }
    expect(await codeOf(authenticate(deps(), { allowSession: true }))).toBe('UNAUTHORIZED');
  });

  it("carries the stored key's scope; the dev key is an operator, the page session is not", async () => {
    await expect(authenticate(deps(), { authorization: `Bearer ${KEY}`, allowSession: false })).resolves.toMatchObject({ kind: 'key', scope: 'api' });
    await expect(authenticate(deps(), { authorization: `Bearer ${OPERATOR_KEY}`, allowSession: false })).resolves.toMatchObject({
      kind: 'key',
      id: 'key_2',
      scope: 'operator',
    });
    const devKey = 'dev-key-of-sufficient-length';
    await expect(authenticate(deps({ devKeyHash: hashApiKey(devKey) }), { authorization: `Bearer ${devKey}`, allowSession: false })).resolves.toMatchObject({
      kind: 'dev',
      scope: 'operator',
    });
    const { value } = await createSessionCookie(SECRET);
    await expect(authenticate(deps(), { cookie: `${SESSION_COOKIE}=${value}`, allowSession: true })).resolves.toMatchObject({ kind: 'session', scope: 'api' });
  });

  it('accepts a session cookie on tRPC only', async () => {
    const { value } = await createSessionCookie(SECRET);
    const cookie = `${SESSION_COOKIE}=${value}`;
    await expect(authenticate(deps(), { cookie, allowSession: true })).resolves.toMatchObject({ kind: 'session', rateLimitPerMinute: 30 });
    expect(await codeOf(authenticate(deps(), { cookie, allowSession: false }))).toBe('UNAUTHORIZED');
  });
});
