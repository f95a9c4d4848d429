/**
 * Page loads hand out sessions, at most SESSIONS_PER_IP_PER_HOUR new ones per client address: past that a
 * page load gets no session (and that client's requests are limited by its address alone).
 */
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '@/server/auth/rate-limiter';
import { memoryRateLimitStore } from '@/server/auth/test-support/memory-rate-limit-store';
import { SESSION_COOKIE } from '@/server/auth/session-cookie';
import { createSessionGate, installSessionGate, mayStartSession } from '@/server/auth/session-gate';
import { PEER_ADDRESS_HEADER, watchPeers } from '@/server/auth/peer-address';
import { proxy } from './proxy';

const SESSIONS_PER_HOUR = 5;

/** A page load from `address` (as the server process stamps it), without a session cookie. */
async function pageLoad(address: string, headers: Record<string, string> = {}): Promise<boolean> {
  const response = await proxy(new NextRequest('http://localhost:3000/status', { headers: { [PEER_ADDRESS_HEADER]: address, ...headers } }));
  return response.cookies.get(SESSION_COOKIE) !== undefined;
}

describe('sessions started per client address', () => {
  const previousSecret = process.env.APP_SECRET;
  beforeAll(() => {
    process.env.APP_SECRET = 'proxy-test-secret-0123456789abcdef0123456789';
    watchPeers();
  });
  afterAll(() => {
    process.env.APP_SECRET = previousSecret;
    installSessionGate(async () => true);
  });

  it('are handed out to every page load before the app installs its gate', async () => {
    expect(await pageLoad('203.0.113.9')).toBe(true);
    expect(await pageLoad('203.0.113.9')).toBe(true);
  });

  it('stop at the bound for one address; another address still gets one', async () => {
    // An hour's window of its own: the test's page loads all fall in it.
    installSessionGate(
      createSessionGate({
        rateLimiter: createRateLimiter(memoryRateLimitStore(), () => 7_200_000),
        sessionsPerHour: SESSIONS_PER_HOUR,
        trustedProxyHops: 0,
      }),
    );
    const started = [];
    for (let i = 0; i < SESSIONS_PER_HOUR + 3; i++) started.push(await pageLoad('198.51.100.4'));
    expect(started.filter(Boolean)).toHaveLength(SESSIONS_PER_HOUR);
    expect(started.slice(SESSIONS_PER_HOUR).some(Boolean)).toBe(false);
    // X-Forwarded-For names no other client while no proxy is trusted.
    expect(await pageLoad('198.51.100.4', { 'x-forwarded-for': '192.0.2.1' })).toBe(false);
    expect(await pageLoad('198.51.100.5')).toBe(true);
  });

  it('are handed out when the count cannot be read (the request limit per address still holds)', async () => {
    installSessionGate(() => Promise.reject(new Error('store down')));
    expect(await mayStartSession(new Headers({ [PEER_ADDRESS_HEADER]: '198.51.100.4' }))).toBe(true);
  });
});
