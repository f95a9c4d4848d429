/**
 * The tRPC endpoint over plain HTTP: the body rules REST has (JSON only, at most 1 MiB, the same statuses),
 * and calls carried by the page session cookie accepted only from the app's own pages.
 */
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { describe, type ApiResponse } from '../support/api';
import { baseUrl, devApiKey } from '../support/env';
import { expect, test } from '../support/fixtures';
import { sample } from '../support/samples';

const MAX_BODY_BYTES = 1_048_576;
const FOREIGN_ORIGIN = 'https://attacker.example';

/** tRPC answers in its own error shape; the status and the app code come from the one error table. */
function expectTrpcFailure(response: ApiResponse, status: number, appCode: string) {
  expect(response.status, describe(response)).toBe(status);
  expect(response.isJson, describe(response)).toBe(true);
  expect(response.json, describe(response)).toMatchObject({ error: { data: { appCode, httpStatus: status } } });
  expect(response.headers.get('x-request-id'), describe(response)).toBeTruthy();
}

/** The cookie a page visit hands out, as a `name=value` pair. */
async function sessionCookie(): Promise<string> {
  const page = await fetch(`${baseUrl()}/`, { redirect: 'manual' });
  await page.arrayBuffer();
  const cookie = page.headers.getSetCookie().find((line) => line.startsWith('sb_session='));
  if (!cookie) throw new Error('GET / set no sb_session cookie');
  return cookie.split(';')[0]!;
}

/** A body with no Content-Type at all (fetch labels string bodies text/plain by itself, bytes not). */
async function postWithoutContentType(path: string, body: string): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${devApiKey()}` },
    body: Buffer.from(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, isJson: json !== undefined, url: response.url };
}

const executeBody = JSON.stringify(sample('/api/v2/execute').body);
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

test.describe('tRPC bodies', () => {
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    test(`a POST sent as ${contentType} answers 415, as REST does`, async ({ api }) => {
      const response = await api.send('/api/trpc/v2.execute', { method: 'POST', rawBody: executeBody, contentType });
      expectTrpcFailure(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  }

  test('a POST without Content-Type answers 415', async () => {
    expectTrpcFailure(await postWithoutContentType('/api/trpc/v2.execute', executeBody), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('a body over 1 MiB answers 413, as REST does', async ({ api }) => {
    for (const bytes of [MAX_BODY_BYTES + 10, 3 * 1024 * 1024]) {
      const body = JSON.stringify({ ...sample('/api/v2/execute').body, trade: `0x${'ab'.repeat(bytes / 2)}` });
      expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_BODY_BYTES);
      const viaTrpc = await api.send('/api/trpc/v2.execute', { method: 'POST', rawBody: body, contentType: 'application/json' });
      expectTrpcFailure(viaTrpc, 413, 'PAYLOAD_TOO_LARGE');
      const viaRest = await api.send('/api/v2/execute', { method: 'POST', rawBody: body, contentType: 'application/json' });
      expect(viaRest.status, describe(viaRest)).toBe(413);
    }
  });

  test('a JSON body within the limit still reaches the procedure', async ({ api }) => {
    const response = await api.send('/api/trpc/v2.execute', { method: 'POST', rawBody: executeBody, contentType: 'application/json' });
    expectTrpcFailure(response, 404, 'QUOTE_NOT_FOUND');
  });
});

test.describe('tRPC calls carried by the session cookie', () => {
  const faucet = (headers: Record<string, string>, key?: null) => ({
    method: 'POST',
    body: { chain: 'ARB', address: freshAddress() },
    headers,
    ...(key === null ? { key: null } : {}),
  });

  test('a mutation from another site is refused with 403 and runs nothing', async ({ api }) => {
    const cookie = await sessionCookie();
    const foreign: Array<Record<string, string>> = [
      { origin: FOREIGN_ORIGIN },
      { origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: `${new URL(baseUrl()).protocol}//sub.${new URL(baseUrl()).host}` },
      { origin: 'null' },
      // No sign of where it came from: browsers always send Origin on a POST, so this is not one of our pages.
      {},
    ];
    for (const headers of foreign) {
      const response = await api.send('/api/trpc/dev.faucet', faucet({ cookie, ...headers }, null));
      expectTrpcFailure(response, 403, 'CROSS_SITE_REQUEST');
    }
  });

  test("a mutation from the app's own pages runs", async ({ api }) => {
    const cookie = await sessionCookie();
    const own: Array<Record<string, string>> = [
      { origin: baseUrl(), 'sec-fetch-site': 'same-origin' },
      { origin: baseUrl() },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of own) {
      const response = await api.send('/api/trpc/dev.faucet', faucet({ cookie, ...headers }, null));
      expect(response.status, describe(response)).toBe(200);
    }
  });

  test('a mutation with an API key needs no Origin', async ({ api }) => {
    const response = await api.send('/api/trpc/dev.faucet', faucet({}));
    expect(response.status, describe(response)).toBe(200);
  });

  test('a query from another site is refused too; from the page or a typed URL it answers', async ({ api }) => {
    const cookie = await sessionCookie();
    const foreign: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: FOREIGN_ORIGIN }];
    for (const headers of foreign) {
      expectTrpcFailure(await api.get('/api/trpc/v1.chains', undefined, { key: null, headers: { cookie, ...headers } }), 403, 'CROSS_SITE_REQUEST');
    }
    const own: Array<Record<string, string>> = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { origin: baseUrl() }, {}];
    for (const headers of own) {
      const response = await api.get('/api/trpc/v1.chains', undefined, { key: null, headers: { cookie, ...headers } });
      expect(response.status, `${JSON.stringify(headers)}: ${describe(response)}`).toBe(200);
    }
  });
});
