import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createRpcTransport, JsonRpcError, type RpcCallOutcome } from './json-rpc';

type Reply = { status?: number; body: unknown } | Error;
interface Sent {
  url: string;
  body: unknown;
}

/** A fetch that answers from a script per URL and records what was sent. */
function fakeFetch(replies: Record<string, (body: any) => Reply>) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string);
    sent.push({ url, body });
    const reply = replies[url]!(body);
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

function transport(urls: string[], fetch: typeof globalThis.fetch) {
  const calls: string[] = [];
  const rpc = createRpcTransport({
    chain: 'ETH',
    urls,
    timeoutMs: 1_000,
    fetch,
    onCall: (call: RpcCallOutcome) => calls.push(`${call.method}:${call.outcome}`),
  });
  return { rpc, calls };
}

const echo = (body: any) => ({
  body: Array.isArray(body) ? body.map((item) => ({ jsonrpc: '2.0', id: item.id, result: item.method })) : { jsonrpc: '2.0', id: body.id, result: body.method },
});

async function appErrorCode(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.code : error;
}

describe('request', () => {
  it('returns the result and falls over to the next URL when one does not answer', async () => {
    const { fetch, sent } = fakeFetch({ 'http://a': () => new Error('ECONNREFUSED'), 'http://b': echo });
    const { rpc, calls } = transport(['http://a', 'http://b'], fetch);
    expect(await rpc.request('eth_chainId')).toBe('eth_chainId');
    expect(sent.map((item) => item.url)).toEqual(['http://a', 'http://b']);
    expect(calls).toEqual(['eth_chainId:transport_error', 'eth_chainId:ok']);
  });

  it('treats a JSON-RPC error as an answer: thrown, not retried elsewhere', async () => {
    const { fetch, sent } = fakeFetch({
      'http://a': (body) => ({ body: { jsonrpc: '2.0', id: body.id, error: { code: -32000, message: 'execution reverted' } } }),
      'http://b': echo,
    });
    const { rpc, calls } = transport(['http://a', 'http://b'], fetch);
    await expect(rpc.request('eth_call')).rejects.toBeInstanceOf(JsonRpcError);
    expect(sent).toHaveLength(1);
    expect(calls).toEqual(['eth_call:rpc_error']);
  });

  it('answers CHAIN_UNAVAILABLE without URLs and RPC_ERROR when none answers', async () => {
    const { fetch } = fakeFetch({ 'http://a': () => ({ status: 502, body: {} }) });
    expect(await appErrorCode(transport([], fetch).rpc.request('eth_chainId'))).toBe('CHAIN_UNAVAILABLE');
    expect(await appErrorCode(transport(['http://a'], fetch).rpc.request('eth_chainId'))).toBe('RPC_ERROR');
  });
});

describe('requestBatch', () => {
  it('sends every call in one HTTP request and answers in call order, whatever order the node replies in', async () => {
    const { fetch, sent } = fakeFetch({
      'http://a': (body: any[]) => ({
        body: [...body]
          .reverse()
          .map((item) =>
            item.method === 'bad'
              ? { jsonrpc: '2.0', id: item.id, error: { code: -32601, message: 'Method not found' } }
              : { jsonrpc: '2.0', id: item.id, result: `${item.method}(${item.params.join(',')})` },
          ),
      }),
    });
    const { rpc, calls } = transport(['http://a'], fetch);
    const answers = await rpc.requestBatch([{ method: 'one', params: [1] }, { method: 'bad' }, { method: 'two', params: ['x'] }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toHaveLength(3);
    expect(answers[0]).toEqual({ ok: true, result: 'one(1)' });
    expect(answers[1]).toMatchObject({ ok: false, error: { rpcCode: -32601 } });
    expect(answers[2]).toEqual({ ok: true, result: 'two(x)' });
    expect(calls).toEqual(['one:ok', 'bad:rpc_error', 'two:ok']);
  });

  it('falls over when a URL refuses batches, answers 5xx, or leaves a call unanswered', async () => {
    const { fetch, sent } = fakeFetch({
      'http://refuses': () => ({ body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch not supported' } } }),
      'http://down': () => ({ status: 503, body: {} }),
      'http://partial': (body: any[]) => ({ body: [{ jsonrpc: '2.0', id: body[0].id, result: 1 }] }),
      'http://good': echo,
    });
    const { rpc, calls } = transport(['http://refuses', 'http://down', 'http://partial', 'http://good'], fetch);
    const answers = await rpc.requestBatch([{ method: 'a' }, { method: 'b' }]);
    expect(answers).toEqual([
      { ok: true, result: 'a' },
      { ok: true, result: 'b' },
    ]);
    expect(sent.map((item) => item.url)).toEqual(['http://refuses', 'http://down', 'http://partial', 'http://good']);
    expect(calls.slice(-2)).toEqual(['a:ok', 'b:ok']);
    expect(calls.filter((call) => call.endsWith('transport_error'))).toHaveLength(6);
  });

  it('keeps the failure codes of request: CHAIN_UNAVAILABLE without URLs or when none is reachable, RPC_ERROR when one answers wrongly', async () => {
    const { fetch, sent } = fakeFetch({ 'http://a': () => new Error('timeout'), 'http://b': () => ({ body: 'garbage' }) });
    expect(await appErrorCode(transport([], fetch).rpc.requestBatch([{ method: 'a' }]))).toBe('CHAIN_UNAVAILABLE');
    const failed = transport(['http://a'], fetch).rpc.requestBatch([{ method: 'a' }, { method: 'b' }]);
    expect(await appErrorCode(failed)).toBe('CHAIN_UNAVAILABLE');
    expect(await appErrorCode(transport(['http://a', 'http://b'], fetch).rpc.requestBatch([{ method: 'a' }]))).toBe('RPC_ERROR');
    sent.splice(sent.length - 2, 2);
    expect(await transport(['http://a'], fetch).rpc.requestBatch([])).toEqual([]);
    expect(sent).toHaveLength(1);
  });
});

/** A fetch whose replies are raw Response objects (or never come), honouring the request's signal. */
function rawFetch(replies: Record<string, (signal: AbortSignal) => Response | 'hang' | 'stall-body'>) {
  return (async (url: string, init: RequestInit) => {
    const signal = init.signal!;
    const reply = replies[url]!(signal);
    const aborted = () =>
      new Promise<never>((_, reject) => {
        // An abort's reason is the DOMException AbortSignal gives, unless the caller gave its own Error.
        if (signal.aborted) reject(signal.reason as Error);
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    if (reply === 'hang') return aborted();
    if (reply === 'stall-body') {
      // Headers arrive, then one byte of body, then nothing: only the signal ends the read.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{'));
          signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
        },
      });
      return new Response(stream, { status: 200 });
    }
    return reply;
  }) as unknown as typeof globalThis.fetch;
}

const good = () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));

describe('faults', () => {
  it.each([
    [
      'an HTML error page',
      () => new Response('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      /not JSON/,
    ],
    ['a truncated body', () => new Response('{"jsonrpc":"2.0","id":1,"res'), /not JSON/],
    ['an empty body', () => new Response(''), /empty reply/],
    ['JSON that is not JSON-RPC', () => new Response('[1,2,3]'), /not a JSON-RPC object/],
    ['a malformed JSON-RPC error', () => new Response('{"jsonrpc":"2.0","id":1,"error":"boom"}'), /malformed JSON-RPC error/],
    ['an HTTP 502 page', () => new Response('<html>bad gateway</html>', { status: 502 }), /HTTP 502/],
  ])('%s: RPC_ERROR naming it when alone, the next URL otherwise', async (_, reply, reason) => {
    const alone = await createRpcTransport({ chain: 'ETH', urls: ['http://bad'], timeoutMs: 1_000, fetch: rawFetch({ 'http://bad': reply }) })
      .request('eth_chainId')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(alone).toBeInstanceOf(AppError);
    expect((alone as AppError).code).toBe('RPC_ERROR');
    expect((alone as AppError).message).toMatch(reason);
    const fallback = createRpcTransport({
      chain: 'ETH',
      urls: ['http://bad', 'http://good'],
      timeoutMs: 1_000,
      fetch: rawFetch({ 'http://bad': reply, 'http://good': good }),
    });
    expect(await fallback.request('eth_chainId')).toBe('0x1');
  });

  it.each([
    ['never answers', 'hang'],
    ['stalls after the headers', 'stall-body'],
  ] as const)('a URL that %s is abandoned at the timeout: CHAIN_UNAVAILABLE alone, the next URL otherwise', async (_, mode) => {
    const started = performance.now();
    const alone = createRpcTransport({ chain: 'ETH', urls: ['http://slow'], timeoutMs: 200, fetch: rawFetch({ 'http://slow': () => mode }) });
    const error = await alone.request('eth_chainId').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as AppError).code).toBe('CHAIN_UNAVAILABLE');
    expect((error as AppError).message).toMatch(/timed out/);
    const fallback = createRpcTransport({
      chain: 'ETH',
      urls: ['http://slow', 'http://good'],
      timeoutMs: 200,
      fetch: rawFetch({ 'http://slow': () => mode, 'http://good': good }),
    });
    expect(await fallback.request('eth_chainId')).toBe('0x1');
    const batch = createRpcTransport({ chain: 'ETH', urls: ['http://slow'], timeoutMs: 200, fetch: rawFetch({ 'http://slow': () => mode }) });
    expect(await appErrorCode(batch.requestBatch([{ method: 'eth_chainId' }]))).toBe('CHAIN_UNAVAILABLE');
    // Three attempts of 200 ms each: bounded by the timeout, not by the node.
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('a caller that gives up stops the request at once, whatever the timeout', async () => {
    const rpc = createRpcTransport({
      chain: 'ETH',
      urls: ['http://slow', 'http://good'],
      timeoutMs: 60_000,
      fetch: rawFetch({ 'http://slow': () => 'hang', 'http://good': good }),
    });
    const started = performance.now();
    await expect(rpc.request('eth_chainId', [], { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('credentials in RPC URLs', () => {
  const PATH_KEY = 'Xk3pL9qRz7TmWv2NbC8dFhJ4sYa6GeU1';
  const url = `http://rpcuser:rpcpass@10.1.2.3:8545/v2/${PATH_KEY}`;

  it('sends a URL user and password as Basic authorization, not in the URL fetch refuses', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const fetch = (async (target: string, init: RequestInit) => {
      seen.push({ url: target, authorization: new Headers(init.headers).get('authorization') });
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(init.body as string).id, result: '0x1' }));
    }) as unknown as typeof globalThis.fetch;
    const rpc = createRpcTransport({ chain: 'ETH', urls: [url], timeoutMs: 1_000, fetch });
    expect(await rpc.request('eth_chainId')).toBe('0x1');
    expect(seen).toEqual([{ url: `http://10.1.2.3:8545/v2/${PATH_KEY}`, authorization: `Basic ${Buffer.from('rpcuser:rpcpass').toString('base64')}` }]);
  });

  it('names a failing URL by its place: no address, user, password or key in the message; the cause keeps the redacted host', async () => {
    // The real fetch, whose refusal of a URL with credentials used to quote the whole URL.
    const rpc = createRpcTransport({
      chain: 'BASE',
      urls: [url, `http://127.0.0.1:1/v2/${PATH_KEY}`],
      timeoutMs: 1_000,
      fetch: async (target, init) => {
        const where = target instanceof Request ? target.url : target.toString();
        if (where.includes('10.1.2.3')) throw new TypeError(`fetch failed for ${where}`, { cause: new Error(`connect ECONNREFUSED 10.1.2.3:8545`) });
        return fetch(target, init);
      },
    });
    const error = (await rpc.request('eth_blockNumber').then(
      () => undefined,
      (caught: unknown) => caught,
    )) as AppError;
    expect(error.code).toBe('CHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/^BASE RPC is unreachable: no URL answered eth_blockNumber \(URL 1: .*; URL 2: .*\)/);
    for (const secret of ['rpcuser', 'rpcpass', PATH_KEY, '10.1.2.3', '127.0.0.1', '://']) expect(error.message).not.toContain(secret);
    const operatorText = (error.cause as Error).message;
    expect(operatorText).toContain('http://10.1.2.3:8545/***');
    for (const secret of ['rpcuser', 'rpcpass', PATH_KEY]) expect(operatorText).not.toContain(secret);
  });
});
