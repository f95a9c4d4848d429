import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dexPaidStatus } from './dexscreener';

// Bodies shaped as DexScreener's orders endpoint documents them: an array of { type, status, paymentTimestamp }.
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/orders/v1/base/0xpaid': { status: 200, body: JSON.stringify([{ type: 'tokenProfile', status: 'approved', paymentTimestamp: 1_700_000_000_000 }]) },
  '/orders/v1/base/0xunpaid': { status: 200, body: '[]' },
  '/orders/v1/base/0xrejected': { status: 200, body: JSON.stringify([{ type: 'tokenProfile', status: 'rejected', paymentTimestamp: 1 }]) },
  '/orders/v1/base/0xbroken': { status: 200, body: '{"not":"a list"}' },
  '/orders/v1/base/0xdown': { status: 503, body: 'busy' },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/orders/v1/base/0xslow') return; // never answers
    const answer = ANSWERS[request.url ?? ''] ?? { status: 404, body: '' };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('DexScreener paid status', () => {
  it('reads paid and unpaid from the orders', async () => {
    expect(await dexPaidStatus({ baseUrl: base }, 'base', '0xpaid')).toBe('paid');
    expect(await dexPaidStatus({ baseUrl: base }, 'base', '0xunpaid')).toBe('unpaid');
    expect(await dexPaidStatus({ baseUrl: base }, 'base', '0xrejected')).toBe('unpaid');
  });

  it('says unknown when it cannot tell, never guessing', async () => {
    expect(await dexPaidStatus({ baseUrl: undefined }, 'base', '0xpaid')).toBe('unknown');
    expect(await dexPaidStatus({ baseUrl: base }, undefined, '0xpaid')).toBe('unknown');
    expect(await dexPaidStatus({ baseUrl: base }, 'base', '0xbroken')).toBe('unknown');
    expect(await dexPaidStatus({ baseUrl: base }, 'base', '0xdown')).toBe('unknown');
    expect(await dexPaidStatus({ baseUrl: base, timeoutMs: 100 }, 'base', '0xslow')).toBe('unknown');
    expect(await dexPaidStatus({ baseUrl: 'http://127.0.0.1:9' }, 'base', '0xpaid')).toBe('unknown');
  });
});
