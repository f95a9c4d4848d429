/**
 * Callers without an API key are limited by their address too: a client that starts a fresh session for
 * every request (a page load hands one out to anyone) is still held to one limit. Served over a real HTTP
 * server on this machine, so the socket address comes from the server process's stamp as in production.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '@/server/auth/rate-limiter';
import { memoryRateLimitStore } from '@/server/auth/test-support/memory-rate-limit-store';
import { SESSION_COOKIE, createSessionCookie } from '@/server/auth/session-cookie';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { toRequest, writeResponse } from '@/server/http/node-bridge';
import { createLogger } from '@/server/observability/logger';
import type { Services } from '@/server/services';
import { PEER_ADDRESS_HEADER, watchPeers } from '@/server/auth/peer-address';
import { serveTrpc } from './trpc-handler';

const SECRET = 'anonymous-limit-test-secret-0123456789abcdef';
const ANONYMOUS_LIMIT = 120;
const MANIFEST = { version: '1', createdAt: '2025-01-01T00:00:00Z', chains: {} } as unknown as DevnetManifest;

function services(trustedProxyHops: number): Services {
  return {
    config: { publicUrl: 'http://localhost:3000', ANON_RATE_LIMIT_PER_MINUTE: ANONYMOUS_LIMIT, TRUST_PROXY: trustedProxyHops },
    logger: createLogger('silent', {}, () => undefined),
    metrics: { httpRequests: { inc() {} }, httpDuration: { observe() {} } },
    auth: {
      findKeyByHash: async () => undefined,
      devRateLimitPerMinute: 1_000,
      sessionSecret: SECRET,
      sessionRateLimitPerMinute: 300,
    },
    // A fixed clock: the test's requests all fall in one window.
    rateLimiter: createRateLimiter(memoryRateLimitStore(), () => 1_700_000_000_000),
    localWorld: { manifest: MANIFEST },
  } as unknown as Services;
}

async function serve(trustedProxyHops: number): Promise<{ url: string; server: Server }> {
  const app = services(trustedProxyHops);
  const server = createServer((incoming, outgoing) => {
    void serveTrpc(toRequest(incoming, 'http://127.0.0.1'), () => Promise.resolve(app)).then((response) => writeResponse(response, incoming, outgoing));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc/dev.devnet`, server };
}

async function withFreshSession(url: string, headers: Record<string, string> = {}) {
  const cookie = `${SESSION_COOKIE}=${(await createSessionCookie(SECRET)).value}`;
  const response = await fetch(url, { headers: { cookie, ...headers } });
  const body = (await response.json()) as { error?: { data?: { appCode?: string } } };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), code: body.error?.data?.appCode };
}

describe('requests without an API key, a fresh session each', () => {
  const servers: Server[] = [];
  beforeAll(() => watchPeers());
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('are refused past the limit of their address, with RATE_LIMITED and Retry-After', async () => {
    const { url, server } = await serve(0);
    servers.push(server);
    const answers = [];
    for (let i = 0; i < 300; i++) answers.push(await withFreshSession(url));
    const served = answers.filter((answer) => answer.status === 200).length;
    expect(served).toBe(ANONYMOUS_LIMIT);
    const refused = answers.slice(ANONYMOUS_LIMIT);
    expect(refused.every((answer) => answer.status === 429 && answer.code === 'RATE_LIMITED')).toBe(true);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    // A forged stamp or X-Forwarded-For does not make a new client when no proxy is trusted.
    const forged = await withFreshSession(url, { 'x-forwarded-for': '198.51.100.1', [PEER_ADDRESS_HEADER]: '198.51.100.2' });
    expect(forged.status).toBe(429);
  });

  it('behind a trusted proxy are counted by the client the proxy names', async () => {
    const { url, server } = await serve(1);
    servers.push(server);
    for (let i = 0; i < ANONYMOUS_LIMIT; i++) expect((await withFreshSession(url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    expect((await withFreshSession(url, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    // The client's own entries left of the proxy's do not matter.
    expect((await withFreshSession(url, { 'x-forwarded-for': '10.9.9.9, 198.51.100.1' })).status).toBe(429);
    expect((await withFreshSession(url, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(200);
  });
});
