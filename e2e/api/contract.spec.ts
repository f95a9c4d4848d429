import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/api/root';
import { describe, type Api, type ApiResponse, type Failure } from '../support/api';
import { baseUrl, dataDir, devApiKey } from '../support/env';
import { expect, test } from '../support/fixtures';
import { createKey } from '../support/keys-cli';
import { EVM_SIGNED_TX, SAMPLES, SOL_ADDRESS, SOL_SIGNED_TX, SOL_WALLET, TOKEN, TRADER, sample, variant } from '../support/samples';

function trpcClient(key = devApiKey()) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl()}/api/trpc`, headers: { authorization: `Bearer ${key}` } })],
  });
}

function expectInvalid(response: ApiResponse, field: string) {
  expect(response.status, describe(response)).toBe(400);
  expect(response.json, describe(response)).toMatchObject({ success: false, code: 'INVALID_INPUT', field });
  expect((response.json as Failure).error).toContain(field);
}

/** Valid input: whatever the outcome (501 while the capability is not built), it is not a validation failure. */
function expectPassesValidation(response: ApiResponse) {
  expect(response.isJson, describe(response)).toBe(true);
  expect(response.status, describe(response)).not.toBe(400);
  expect(response.status, describe(response)).not.toBe(401);
  expect((response.json as Partial<Failure>).code, describe(response)).not.toBe('INVALID_INPUT');
  const code = (response.json as Partial<Failure>).code;
  if (response.status === 501) expect(code, describe(response)).toBe('NOT_IMPLEMENTED');
  else if (response.status >= 500) expect(['RPC_ERROR', 'CHAIN_UNAVAILABLE'], describe(response)).toContain(code);
}

/** Sends a sample with its query or body changed. */
function sendVariant(api: Api, path: string, changes: { omit?: readonly string[]; set?: Record<string, unknown> }) {
  const request = sample(path);
  if (request.method === 'GET') {
    return api.get(request.path, variant(request.query, changes) as Record<string, string>);
  }
  return api.post(request.path, variant(request.body, changes));
}

test.describe('tRPC and REST answer alike', () => {
  test('v1.chains equals GET /api/v1/chains and /api/v1/chain', async ({ api }) => {
    const viaTrpc = await trpcClient().v1.chains.query({});
    const chains = await api.get('/api/v1/chains');
    const chain = await api.get('/api/v1/chain');
    expect(chains.status, describe(chains)).toBe(200);
    expect(chain.status, describe(chain)).toBe(200);
    expect(chains.json).toEqual(viaTrpc);
    expect(chain.json).toEqual(viaTrpc);
    expect(viaTrpc.success).toBe(true);
    expect(viaTrpc.chains).toHaveLength(15);
    expect(viaTrpc.chains.map((record) => record.name).sort()).toEqual([
      'ABS',
      'ARB',
      'AVAX',
      'BASE',
      'BSC',
      'ETH',
      'HYPE',
      'INK',
      'MEGAETH',
      'MONAD',
      'PLASMA',
      'SOL',
      'STORY',
      'UNI',
      'XLAYER',
    ]);
    for (const record of viaTrpc.chains) {
      expect(Number.isInteger(record.chainId), record.name).toBe(true);
      expect(typeof record.nativeToken).toBe('string');
      expect(typeof record.routerAddress).toBe('string');
      expect(typeof record.available).toBe('boolean');
    }
  });

  test('system.health agrees with GET /api/health', async ({ api }) => {
    const viaTrpc = await trpcClient().system.health.query({});
    const rest = await api.get('/api/health', undefined, { key: null });
    expect(rest.status, describe(rest)).toBe(200);
    const body = rest.json as typeof viaTrpc;
    // Block numbers and latencies change between calls; the rest must not.
    const stable = (report: typeof viaTrpc) => ({
      success: report.success,
      status: report.status,
      version: report.version,
      storage: report.storage,
      chains: Object.fromEntries(Object.entries(report.chains).map(([id, chain]) => [id, chain.available])),
    });
    expect(stable(body)).toEqual(stable(viaTrpc));
    expect(Object.keys(viaTrpc.chains)).toHaveLength(15);
    expect(['ok', 'degraded']).toContain(viaTrpc.status);
  });

  test('a validation failure names the same field over tRPC as over REST', async ({ api }) => {
    const rest = await sendVariant(api, '/api/v2/quote', { omit: ['tokenIn'] });
    expectInvalid(rest, 'tokenIn');
    const { tokenIn: _omitted, ...input } = sample('/api/v2/quote').query!;
    const error = await trpcClient()
      .v2.quote.query(input as never)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as Record<string, unknown> | undefined;
    expect(data).toMatchObject({ httpStatus: 400, appCode: 'INVALID_INPUT', field: 'tokenIn' });
    expect((error as Error).message).toBe((rest.json as Failure).error);
  });
});

test.describe('validation', () => {
  const missing: ReadonlyArray<[path: string, field: string]> = [
    ['/api/v2/quote', 'tokenIn'],
    ['/api/v2/quote', 'slippage'],
    ['/api/v2/quote', 'chain'],
    ['/api/v2/execute', 'quoteId'],
    ['/api/v2/execute', 'mev'],
    ['/api/v1/quote', 'side'],
    ['/api/v1/quote', 'trader'],
    ['/api/v1/execute', 'network'],
    ['/api/v1/execute', 'trade'],
    ['/api/v1/token-info', 'token'],
    ['/api/v1/token-audit', 'token'],
    ['/api/v1/value', 'side'],
    ['/api/v2/value', 'tokenOut'],
    ['/api/v1/priority', 'chain'],
    ['/api/v1/balance', 'wallet'],
    ['/api/v1/token-balance', 'network'],
    ['/api/v1/pool-info', 'pool'],
    ['/api/v1/bridge/quote', 'amount'],
    ['/api/v1/bridge/execute', 'requestId'],
  ];
  for (const [path, field] of missing) {
    test(`${path} without ${field} answers 400 naming it`, async ({ api }) => {
      expectInvalid(await sendVariant(api, path, { omit: [field] }), field);
    });
  }

  test('every sample request passes validation', async ({ api }) => {
    for (const request of SAMPLES) {
      const response = await api.send(request.path, { method: request.method, query: request.query, body: request.body });
      expect(request.okStatuses, describe(response)).toContain(response.status);
      expect(response.isJson, describe(response)).toBe(true);
    }
  });

  test('v1 alternate names are accepted', async ({ api }) => {
    const quote = sample('/api/v1/quote').query!;
    expectPassesValidation(await sendVariant(api, '/api/v1/quote', { omit: ['token'], set: { tokenAddress: quote.token } }));
    expectPassesValidation(await sendVariant(api, '/api/v1/quote', { omit: ['slippage'], set: { slippageBps: '150' } }));
    expectPassesValidation(await sendVariant(api, '/api/v2/quote', { omit: ['slippage'], set: { slippageBps: '150' } }));
    for (const chain of ['ABSTRACT', 'HYPEREVM', 'UNICHAIN']) {
      expectPassesValidation(await sendVariant(api, '/api/v1/quote', { set: { chain } }));
    }
    expectPassesValidation(await sendVariant(api, '/api/v1/execute', { omit: ['trade'], set: { txData: EVM_SIGNED_TX } }));
    expectPassesValidation(await sendVariant(api, '/api/v1/execute', { omit: ['simulation'], set: { skipSimulation: true } }));
    expectPassesValidation(
      await sendVariant(api, '/api/v1/execute', {
        omit: ['trade', 'simulation'],
        set: { serializedTx: EVM_SIGNED_TX, approveTxData: EVM_SIGNED_TX, skipSimulation: false },
      }),
    );
    expectPassesValidation(await sendVariant(api, '/api/v2/execute', { omit: ['trade'], set: { txData: EVM_SIGNED_TX } }));
    expectPassesValidation(await sendVariant(api, '/api/v1/token-info', { omit: ['token'], set: { tokenAddress: TOKEN } }));
    expectPassesValidation(await sendVariant(api, '/api/v1/priority', { omit: ['chain'], set: { network: 'ABSTRACT' } }));
    // An alias with a bad value is reported under the canonical name.
    expectInvalid(await sendVariant(api, '/api/v1/quote', { omit: ['slippage'], set: { slippageBps: '0' } }), 'slippage');
    expectInvalid(await sendVariant(api, '/api/v1/execute', { omit: ['simulation'], set: { skipSimulation: 'maybe' } }), 'simulation');
  });

  test('v1 quote slippage is 1 to 10000', async ({ api }) => {
    for (const slippage of ['0', '10001', '-1', '1.5', 'abc']) {
      expectInvalid(await sendVariant(api, '/api/v1/quote', { set: { slippage } }), 'slippage');
    }
    for (const slippage of ['1', '10000']) {
      expectPassesValidation(await sendVariant(api, '/api/v1/quote', { set: { slippage } }));
    }
  });

  test('v2 quote fee is 0, or 10 to 500', async ({ api }) => {
    for (const fee of ['5', '1', '9', '501', '-10']) {
      expectInvalid(await sendVariant(api, '/api/v2/quote', { set: { fee, integrator: TRADER } }), 'fee');
    }
    for (const fee of ['0', '10', '500']) {
      expectPassesValidation(await sendVariant(api, '/api/v2/quote', { set: { fee, integrator: TRADER } }));
    }
  });

  test('addresses must belong to the chain family', async ({ api }) => {
    expectInvalid(await sendVariant(api, '/api/v1/token-info', { set: { token: SOL_ADDRESS, chain: 'BASE' } }), 'token');
    expectInvalid(await sendVariant(api, '/api/v2/quote', { set: { tokenOut: SOL_ADDRESS, chain: 'ETH' } }), 'tokenOut');
    expectInvalid(await sendVariant(api, '/api/v1/balance', { set: { wallet: SOL_WALLET, network: 'ARB' } }), 'wallet');
    expectInvalid(await sendVariant(api, '/api/v1/token-info', { set: { token: TOKEN, chain: 'SOL' } }), 'token');
    expectInvalid(await sendVariant(api, '/api/v2/execute', { set: { trade: SOL_SIGNED_TX, chain: 'BSC' } }), 'trade');
    // The same Solana addresses are fine on SOL.
    expectPassesValidation(await sendVariant(api, '/api/v1/token-info', { set: { token: SOL_ADDRESS, chain: 'SOL' } }));
    expectPassesValidation(await sendVariant(api, '/api/v1/balance', { set: { wallet: SOL_WALLET, network: 'SOL' } }));
  });
});

test.describe('HTTP behaviour', () => {
  test('a key over its rate limit gets 429 with Retry-After', async ({ api }) => {
    expect(dataDir(), 'E2E_DATA_DIR names the server data folder (set it with an external BASE_URL)').toBeTruthy();
    const { key } = await createKey(`e2e-rate-${Date.now()}`, ['--rate-limit', '3']);
    // Limits count per clock minute: keep the four requests inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
    for (let i = 1; i <= 3; i++) {
      const response = await api.get('/api/v1/chains', undefined, { key });
      expect(response.status, `request ${i}: ${describe(response)}`).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
    }
    const limited = await api.get('/api/v1/chains', undefined, { key });
    expect(limited.status, describe(limited)).toBe(429);
    expect(limited.json).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter, 'Retry-After header').toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    // Other keys are not affected.
    const other = await api.get('/api/v1/chains');
    expect(other.status, describe(other)).toBe(200);
  });

  test('POST bodies must be JSON objects of at most 1 MiB', async ({ api }) => {
    const body = JSON.stringify(sample('/api/v2/execute').body);
    const wrongType = await api.send('/api/v2/execute', { method: 'POST', rawBody: body, contentType: 'text/plain' });
    expect(wrongType.status, describe(wrongType)).toBe(415);
    expect(wrongType.json).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const noType = await api.send('/api/v1/execute', { method: 'POST', rawBody: body });
    expect(noType.status, describe(noType)).toBe(415);
    expect(noType.isJson).toBe(true);

    const invalid = await api.send('/api/v2/execute', { method: 'POST', rawBody: '{"trade": "0x12", ', contentType: 'application/json' });
    expectInvalid(invalid, 'body');

    for (const notObject of ['[]', '"text"', '42', 'null', '']) {
      const response = await api.send('/api/v1/bridge/execute', { method: 'POST', rawBody: notObject, contentType: 'application/json' });
      expect(response.status, describe(response)).toBe(400);
      expect(response.json).toMatchObject({ success: false, code: 'INVALID_INPUT', field: 'body' });
    }

    const huge = JSON.stringify({ ...sample('/api/v2/execute').body, trade: `0x${'ab'.repeat(600_000)}` });
    expect(Buffer.byteLength(huge)).toBeGreaterThan(1_048_576);
    const tooLarge = await api.send('/api/v2/execute', { method: 'POST', rawBody: huge, contentType: 'application/json' });
    expect(tooLarge.status, describe(tooLarge)).toBe(413);
    expect(tooLarge.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    const charset = await api.send('/api/v2/execute', { method: 'POST', rawBody: body, contentType: 'application/json; charset=utf-8' });
    expectPassesValidation(charset);
  });

  test('unsupported methods answer 405 JSON', async ({ api }) => {
    const put = await api.send('/api/v1/chains', { method: 'PUT', body: {} });
    expect(put.status, describe(put)).toBe(405);
    expect(put.json).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    expect(put.headers.get('allow')).toBe('GET');
    const get = await api.get('/api/v2/execute');
    expect(get.status, describe(get)).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    for (const response of [put, get]) {
      expect(response.headers.get('x-request-id'), `x-request-id on ${response.status} ${response.url}`).toBeTruthy();
    }
  });

  test('every response carries x-request-id', async ({ api }) => {
    const responses: ApiResponse[] = [
      await api.get('/api/health', undefined, { key: null }),
      await api.get('/api/v1/chains'),
      await api.get('/api/v1/chains', undefined, { key: null }),
      await sendVariant(api, '/api/v2/quote', { omit: ['amount'] }),
      await sendVariant(api, '/api/v2/quote', {}),
      await api.get('/api/v9/nope'),
      await api.send('/api/v2/execute', { method: 'POST', rawBody: 'x', contentType: 'text/plain' }),
      await api.get('/api/trpc/v1.chains'),
      await api.get('/api/trpc/v1.chains', undefined, { key: null }),
      await api.get('/api/openapi.json', undefined, { key: null }),
      await api.get('/api/metrics'),
    ];
    for (const response of responses) {
      const id = response.headers.get('x-request-id');
      expect(id, `x-request-id on ${response.status} ${response.url}`).toBeTruthy();
      expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    }
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(ids.length);

    // A well-formed id from the caller is kept, so a client can correlate its own logs.
    const given = `e2e-${Date.now()}-corr`;
    const echoed = await api.get('/api/v1/chains', undefined, { headers: { 'x-request-id': given } });
    expect(echoed.headers.get('x-request-id')).toBe(given);
  });
});
