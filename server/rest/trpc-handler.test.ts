import { describe, expect, it } from 'vitest';
import { hashApiKey } from '@/server/auth/api-key-secret';
import { SESSION_COOKIE, createSessionCookie } from '@/server/auth/session-cookie';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { AppError } from '@/server/errors';
import { createLogger } from '@/server/observability/logger';
import type { Services } from '@/server/services';
import { failureResponse, MAX_BODY_BYTES } from './http';
import { PEER_HEADER, watchPeers } from '@/server/auth/peer-address';
import { serveTrpc } from './trpc-handler';

const KEY = 'sk_trpc_handler_test_key_0000000000000000000000';
const SECRET = 'trpc-handler-test-secret-0123456789abcdef';
const APP = 'http://127.0.0.1:3999';

const MANIFEST: DevnetManifest = {
  version: '1',
  createdAt: '2025-01-01T00:00:00Z',
  chains: {
    BASE: {
      chainId: 8453,
      rpcUrl: 'http://127.0.0.1:8545',
      routerAddress: '',
      wrappedNative: '0x4200000000000000000000000000000000000006',
      contracts: {},
      tokens: [],
      pools: [],
      accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' }],
      treasury: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
      solver: { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
    },
  },
};

/** Just what the tRPC endpoint touches, with the log lines kept for the test to read. */
function fakeServices(options: { healthFails?: AppError } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const services = {
    config: { publicUrl: 'http://localhost:3000' },
    logger: createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    metrics: { httpRequests: { inc() {} }, httpDuration: { observe() {} } },
    auth: {
      findKeyByHash: async (hash: string) => (hash === hashApiKey(KEY) ? { id: 'k1', name: 'test', rateLimitPerMinute: 1_000 } : undefined),
      devRateLimitPerMinute: 1_000,
      sessionSecret: SECRET,
      sessionRateLimitPerMinute: 1_000,
    },
    rateLimiter: { check: async (_bucket: string, limit: number) => ({ allowed: true, limit, remaining: limit - 1, retryAfterSeconds: 0 }) },
    health: {
      check: async () => {
        if (options.healthFails) throw options.healthFails;
        throw new Error('not used');
      },
    },
    localWorld: { manifest: MANIFEST },
  };
  return { services: services as unknown as Services, lines, load: () => Promise.resolve(services as unknown as Services) };
}

async function call(path: string, init: RequestInit, services = fakeServices()) {
  const response = await serveTrpc(new Request(`${APP}/api/trpc/${path}`, init), services.load);
  const body = (await response.json()) as { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } };
  return { status: response.status, body, requestId: response.headers.get('x-request-id'), lines: services.lines };
}

const bearer = { authorization: `Bearer ${KEY}` };
const faucetBody = JSON.stringify({ chain: 'BASE', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });

describe('tRPC bodies follow the REST rules', () => {
  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x'], ['application/octet-stream'], [undefined]])(
    'a POST sent as %s answers 415 naming the body',
    async (contentType) => {
      const headers: Record<string, string> = { ...bearer, ...(contentType ? { 'content-type': contentType } : {}) };
      const answer = await call('dev.faucet', { method: 'POST', headers, body: new TextEncoder().encode(faucetBody) });
      expect(answer.status).toBe(415);
      expect(answer.body.error?.data).toMatchObject({ appCode: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415, field: 'body' });
    },
  );

  it('a body over the limit answers 413, declared or not', async () => {
    const huge = JSON.stringify({ chain: 'BASE', address: `0x${'ab'.repeat(1_600_000)}` });
    expect(huge.length).toBeGreaterThan(3 * MAX_BODY_BYTES);
    const declared = await call('dev.faucet', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json', 'content-length': String(huge.length) },
      body: huge,
    });
    expect(declared.status).toBe(413);
    expect(declared.body.error?.data).toMatchObject({ appCode: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= MAX_BODY_BYTES; sent += 65_536) controller.enqueue(new Uint8Array(65_536).fill(0x20));
        controller.close();
      },
    });
    const chunked = await call('dev.faucet', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('a JSON body within the limit reaches the procedure', async () => {
    const answer = await call('dev.faucet', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'BASE' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.data).toMatchObject({ appCode: 'INVALID_INPUT', field: 'address' });
  });
});

describe("streamed batches (the pages' client)", () => {
  it('answer 200 and carry each refusal in the body with its code; the same call unstreamed keeps its status', async () => {
    const init = { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ 0: { chain: 'BASE' } }) };
    const streamed = await serveTrpc(
      new Request(`${APP}/api/trpc/dev.faucet?batch=1`, { ...init, headers: { ...init.headers, 'trpc-accept': 'application/jsonl' } }),
      fakeServices().load,
    );
    expect(streamed.status).toBe(200);
    const text = await streamed.text();
    expect(text).toContain('"appCode":"INVALID_INPUT"');
    expect(text).toContain('"httpStatus":400');
    const plain = await serveTrpc(new Request(`${APP}/api/trpc/dev.faucet?batch=1`, init), fakeServices().load);
    expect(plain.status).toBe(400);
  });
});

describe('failure messages', () => {
  it('name EVM addresses checksummed, over tRPC and REST alike, whatever spelling the error was made with', async () => {
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const error = new AppError('RPC_ERROR', `the pool ${lower} did not answer`);
    const answer = await call('system.health', { method: 'GET' }, fakeServices({ healthFails: error }));
    expect(answer.body.error?.message).toBe(`the pool ${checksummed} did not answer`);
    const rest = (await failureResponse(error).json()) as { error: string };
    expect(rest.error).toBe(`the pool ${checksummed} did not answer`);
  });
});

describe('tRPC failures of 500 and above', () => {
  it('are logged at error level with the request id the answer carries', async () => {
    const services = fakeServices({ healthFails: new AppError('RPC_ERROR', 'the chain did not answer') });
    const answer = await call('system.health', { method: 'GET' }, services);
    expect(answer.status).toBe(502);
    const errors = answer.lines.filter((line) => line.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line.requestId).toBe(answer.requestId);
    expect(errors.some((line) => line.code === 'RPC_ERROR')).toBe(true);
  });

  it('a 4xx is not logged as an error', async () => {
    const answer = await call('dev.faucet', { method: 'POST', headers: { ...bearer, 'content-type': 'text/plain' }, body: faucetBody });
    expect(answer.status).toBe(415);
    expect(answer.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});

describe('tRPC calls carried by the session cookie', () => {
  const withCookie = async (headers: Record<string, string>) => ({
    cookie: `${SESSION_COOKIE}=${(await createSessionCookie(SECRET)).value}`,
    host: '127.0.0.1:3999',
    ...headers,
  });
  const json = { 'content-type': 'application/json' };

  it.each([
    [{ origin: 'https://attacker.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'http://sub.127.0.0.1:3999' }],
    [{ origin: 'null' }],
    [{}],
  ])('a mutation with %o is refused with 403 before it runs', async (headers) => {
    const answer = await call('dev.faucet', { method: 'POST', headers: await withCookie({ ...json, ...headers }), body: faucetBody });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.data).toMatchObject({ appCode: 'CROSS_SITE_REQUEST', httpStatus: 403 });
  });

  it.each([[{ origin: APP }], [{ 'sec-fetch-site': 'same-origin' }], [{ origin: 'http://localhost:3000' }]])('a mutation with %o runs', async (headers) => {
    const answer = await call('dev.faucet', { method: 'POST', headers: await withCookie({ ...json, ...headers }), body: JSON.stringify({ chain: 'BASE' }) });
    // Past the origin check: the input is what it refuses.
    expect(answer.body.error?.data).toMatchObject({ appCode: 'INVALID_INPUT', field: 'address' });
  });

  it('a mutation with an API key needs no Origin', async () => {
    const answer = await call('dev.faucet', {
      method: 'POST',
      headers: { ...bearer, ...json, origin: 'https://attacker.example' },
      body: JSON.stringify({ chain: 'BASE' }),
    });
    expect(answer.body.error?.data).toMatchObject({ appCode: 'INVALID_INPUT' });
  });

  it('a query from another site is refused; from the page, a typed URL or without the headers it answers', async () => {
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://attacker.example' },
    ];
    for (const headers of foreign) {
      const answer = await call('dev.devnet', { method: 'GET', headers: await withCookie(headers) });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    const own: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { origin: APP }, {}];
    for (const headers of own) {
      const answer = await call('dev.devnet', { method: 'GET', headers: await withCookie(headers) });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('dev.devnet', () => {
  const keysIn = (body: unknown) => /privateKey|secretKey/.test(JSON.stringify(body));

  it('hands the test keys only to a key holder on this machine', async () => {
    watchPeers();
    const fromHere = await call('dev.devnet', { method: 'GET', headers: { ...bearer, [PEER_HEADER]: 'loopback' } });
    expect(fromHere.status).toBe(200);
    expect(keysIn(fromHere.body)).toBe(true);
    const fromElsewhere = await call('dev.devnet', { method: 'GET', headers: { ...bearer, [PEER_HEADER]: 'remote' } });
    expect(fromElsewhere.status).toBe(200);
    expect(keysIn(fromElsewhere.body)).toBe(false);
    expect(JSON.stringify(fromElsewhere.body)).toContain(MANIFEST.chains.BASE!.accounts[0]!.address);
    const page = await call('dev.devnet', {
      method: 'GET',
      headers: { [PEER_HEADER]: 'loopback', cookie: `${SESSION_COOKIE}=${(await createSessionCookie(SECRET)).value}` },
    });
    expect(page.status).toBe(200);
    expect(keysIn(page.body)).toBe(false);
  });
});
