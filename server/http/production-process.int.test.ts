/**
 * The production server (`npm start`) in a process of its own, one process for everything that needs one
 * (a start costs seconds of both cores), in this order:
 * - A body over the limit is answered 413, and the client gets that answer: the server reads (and drops) the
 *   rest of the body before answering, so it never closes a connection the client is still writing to (which
 *   lost the answer to a reset about one time in ten). REST and tRPC, with a declared length and chunked, fifty
 *   times each.
 * - SIGTERM while a bridge execute is in hand: the execute is answered (its fill made), a request after the
 *   signal is refused 503 SHUTTING_DOWN with `Connection: close`, the process exits 0 within SHUTDOWN_GRACE_MS
 *   saying so in its log, and the fill is paid exactly once.
 * - With LOG_FORMAT=json (the default for `npm start`), every line it wrote, on stdout and on stderr, from its
 *   start (Next's own lines and the dependencies' notices included) through requests that succeed and fail,
 *   pages, and its shutdown, is one JSON object.
 */
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createPublicClient, http, parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { startProductionProcess, type ProductionProcess } from './test-support/production-process';

const TRIES = 50;
const BODY = Buffer.alloc(3 * 1024 * 1024, 'a');
const GRACE_MS = 20_000;

let server: ProductionProcess;

beforeAll(async () => {
  server = await startProductionProcess({ SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'debug' });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

/** Sent as one buffer (content-length) or as a stream of 64 KiB chunks (chunked). */
function body(encoding: 'length' | 'chunked'): BodyInit {
  if (encoding === 'length') return BODY;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= BODY.length) return controller.close();
      controller.enqueue(BODY.subarray(offset, offset + 65_536));
      offset += 65_536;
    },
  });
}

async function statusOf(path: string, encoding: 'length' | 'chunked'): Promise<number | string> {
  try {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.devApiKey}` },
      body: body(encoding),
      duplex: 'half',
    } as RequestInit);
    const text = await response.text();
    return response.status === 413 ? 413 : `${response.status} ${text.slice(0, 200)}`;
  } catch (error) {
    return `${String(error)} (${String((error as { cause?: unknown }).cause)})`;
  }
}

describe('a body over the limit', () => {
  for (const [api, path] of [
    ['REST', '/api/v1/bridge/execute'],
    ['tRPC', '/api/trpc/bridge.execute'],
  ] as const) {
    for (const encoding of ['length', 'chunked'] as const) {
      it(`answers 413 on ${api} (${encoding === 'length' ? 'content-length' : 'chunked'}) in ${TRIES} of ${TRIES} tries`, async () => {
        const answers: (number | string)[] = [];
        for (let attempt = 0; attempt < TRIES; attempt += 1) answers.push(await statusOf(path, encoding));
        expect(answers.filter((answer) => answer !== 413)).toEqual([]);
      }, 120_000);
    }
  }

  it('leaves the server serving', async () => {
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBeLessThan(500);
  });
});

describe('LOG_FORMAT=json, while serving', () => {
  it('answers pages and failing requests (their lines are read after the exit)', async () => {
    const get = async (path: string, init?: RequestInit) => (await fetch(`${server.baseUrl}${path}`, init)).status;
    expect(await get('/api/health/live')).toBe(200);
    expect(await get('/')).toBe(200);
    expect(await get('/no-such-page')).toBe(404);
    expect(await get('/api/v1/bridge/execute', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"not json' })).toBeGreaterThanOrEqual(
      400,
    );
    expect(await get('/api/v1/token-info?chain=NOPE&address=0x1')).toBe(401);
  });
});

async function call<T>(path: string, init: { query?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; json: T; headers: Headers }> {
  const url = new URL(path, server.baseUrl);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.devApiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, json: (await response.json()) as T, headers: response.headers };
}

/**
 * A GET on a connection of its own. fetch would reuse a kept-alive connection, which the draining server's
 * idle sweep may close just as the request goes out on it (the client then reads a reset, not the answer).
 */
function getOnNewConnection(path: string): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL(path, server.baseUrl), { agent: false, headers: { authorization: `Bearer ${server.devApiKey}` } }, (response) => {
      let body = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
  });
}

const sign = (account: PrivateKeyAccount, unsigned: string) => account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

function logged(msg: string): Record<string, unknown> | undefined {
  for (const line of server.stdout) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === msg) return entry;
    } catch {
      // not a JSON line
    }
  }
  return undefined;
}

async function waitFor(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not seen in time; the server said:\n${server.stdout.slice(-10).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SIGTERM during a bridge execute', () => {
  it('answers the execute, refuses new requests with 503, pays the fill once and exits 0 within the grace period', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    expect((await call('/api/dev/faucet', { body: { chain: 'BASE', address: trader.address } })).status).toBe(200);
    const quote = await call<{ transaction: { trade: string; requestId: string }; stats: { amountOut: string } }>('/api/v1/bridge/quote', {
      query: { source: 'BASE', destination: 'ARB', amount: '100000000000000000', trader: trader.address, recipient },
    });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    const trade = await sign(trader, quote.json.transaction.trade);

    // The execute's body is sent in two parts around the signal: the request is in hand when the signal
    // comes, whatever the speed of the chains, and its work (broadcast, fill) all happens while draining.
    const body = new TextEncoder().encode(JSON.stringify({ trade, sourceChain: 'BASE', requestId: quote.json.transaction.requestId }));
    let sendRest!: () => void;
    const executing = fetch(new URL('/api/v1/bridge/execute', server.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${server.devApiKey}`, 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.subarray(0, 40));
          sendRest = () => {
            controller.enqueue(body.subarray(40));
            controller.close();
          };
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(() => logged('shutdown started') !== undefined);

    const refused = await getOnNewConnection('/api/health');
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(refused.headers.connection).toBe('close');

    sendRest();
    const response = await executing;
    const executed = { status: response.status, json: (await response.json()) as { status: string; destinationTxHash: string } };
    expect(executed.status, JSON.stringify(executed.json)).toBe(200);
    expect(executed.json.status).toBe('SUCCESS');

    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(GRACE_MS);
    // The execute was in hand when the signal came, and the log says how the shutdown went.
    expect(logged('shutdown started')).toMatchObject({ reason: 'SIGTERM', inFlight: expect.arrayContaining(['POST /api/v1/bridge/execute']) });
    expect(logged('shutdown complete')).toMatchObject({ drained: true });

    const arb = createPublicClient({ transport: http(testManifest().chains.ARB!.rpcUrl) });
    // Paid once: the recipient (a fresh address) holds exactly one fill, the one the execute answered with.
    expect((await arb.getTransactionReceipt({ hash: executed.json.destinationTxHash as Hex })).status).toBe('success');
    expect(await arb.getBalance({ address: recipient })).toBe(BigInt(quote.json.stats.amountOut));
  }, 120_000);
});

describe('LOG_FORMAT=json, from start to exit', () => {
  it('wrote nothing but JSON objects, one a line, on stdout and stderr', async () => {
    await server.exited;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.stdout.length).toBeGreaterThan(5);
    expect(notJson(server.stdout)).toEqual([]);
    expect(notJson(server.stderr)).toEqual([]);
    const messages = server.stdout.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(expect.arrayContaining(['listening', 'request', 'shutdown started', 'shutdown complete']));
  });
});

function notJson(lines: string[]): string[] {
  return lines.filter((line) => {
    try {
      const entry: unknown = JSON.parse(line);
      return typeof entry !== 'object' || entry === null || Array.isArray(entry);
    } catch {
      return true;
    }
  });
}
