/**
 * Property-based robustness of the whole REST surface: whatever a client sends, the answer is JSON, a
 * failure is `{success:false, code}`, and the server never answers 5xx except the documented ones.
 * The endpoints and their field names come from the served OpenAPI document, so new endpoints are covered
 * without touching this file. Reproduce a failure with FUZZ_SEED=<printed seed>.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { api, describe as describeResponse } from '../support/api';
import { baseUrl } from '../support/env';
import { expect, test } from '../support/fixtures';
import { EVM_SIGNED_TX, NATIVE, POOL, SAMPLES, SOL_ADDRESS, SOL_SIGNED_TX, SOL_WALLET, TOKEN, TRADER } from '../support/samples';

const MIN_REQUESTS = 1_000;
const IN_FLIGHT = 8;
const RUNS = Math.ceil((MIN_REQUESTS * 1.05) / IN_FLIGHT);
/** Node refuses request heads over 16 KiB before the app sees them; stay well inside that. */
const MAX_URL_CHARS = 7_000;
/** Bodies stay under the 1 MiB limit (the 413 path has its own test); some come close. */
const MAX_BODY_CHARS = 400_000;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  example?: unknown;
}

interface FuzzEndpoint {
  key: string;
  method: 'GET' | 'POST';
  path: string;
  pathParams: string[];
  /** Field name and schema of every query parameter or body property. */
  fields: Array<{ name: string; schema: JsonSchema }>;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

async function loadEndpoints(): Promise<FuzzEndpoint[]> {
  const response = await api.get('/api/openapi.json');
  expect(response.status, describeResponse(response)).toBe(200);
  const doc = (await SwaggerParser.dereference(structuredClone(response.json) as never)) as unknown as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const endpoints: FuzzEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = item[method];
      // The JSON interface only: /api/metrics answers Prometheus text and reads no input to fuzz.
      if (!operation || !operation.responses?.['200']?.content?.['application/json']) continue;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      endpoints.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method === 'get' ? 'GET' : 'POST',
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        fields:
          method === 'get'
            ? parameters.filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }))
            : Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({ name, schema })),
      });
    }
  }
  return endpoints;
}

// ---------------------------------------------------------------- value generators

const REALISTIC = [
  NATIVE,
  TOKEN,
  TRADER,
  POOL,
  SOL_ADDRESS,
  SOL_WALLET,
  EVM_SIGNED_TX,
  SOL_SIGNED_TX,
  'BASE',
  'ETH',
  'SOL',
  'ABS',
  'ABSTRACT',
  'HYPEREVM',
  'MONAD',
  'base',
  'BUY',
  'SELL',
  'buy',
  'LOW',
  'INSTANT',
  'true',
  'false',
  '1',
  '0',
  '-1',
  '10',
  '500',
  '501',
  '10000',
  '10001',
  '0.5',
  '1e3',
  '1e400',
  'NaN',
  'Infinity',
  '-0',
  '0x',
  '0x0',
  '50%',
  '100%',
  '101%',
  '0%',
  '0.0001%',
  '1'.repeat(78),
  '1'.repeat(79),
  'q_123',
  'req-1',
  '["ETH","BASE"]',
  '["ETH",',
  'ETH,BASE',
  '[]',
  '{}',
  'null',
  'undefined',
  ' ',
  '\t',
  '\u0000',
] as const;

/** Text whose percent-encoded form stays near a few thousand characters. */
const hugeText = fc
  .tuple(fc.constantFrom('a', '0', '9', 'é', '€', '😀', ' ', '%', '"', '\\', 'Z'), fc.integer({ min: 300, max: 6_000 }))
  .map(([unit, count]) => unit.repeat(Math.max(1, Math.floor(count / encodeURIComponent(unit).length))));

const junkText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...REALISTIC), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 2 },
  { arbitrary: fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.stringMatching(/^0x[0-9a-fA-F]{0,80}$/), weight: 2 },
  { arbitrary: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{30,46}$/), weight: 2 },
  { arbitrary: hugeText, weight: 1 },
);

/** Values shaped by the field's schema (enum members, numbers around the bounds), mixed with junk. */
function textFor(schema: JsonSchema): fc.Arbitrary<string> {
  const options: Array<fc.WeightedArbitrary<string>> = [{ arbitrary: junkText, weight: 3 }];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const enums = variants.flatMap((variant) => variant.enum ?? []).map(String);
  if (enums.length > 0) {
    options.push({ arbitrary: fc.constantFrom(...enums), weight: 4 });
    options.push({ arbitrary: fc.constantFrom(...enums).map((value) => value.toLowerCase()), weight: 1 });
  }
  const types = variants.flatMap((variant) => (Array.isArray(variant.type) ? variant.type : variant.type ? [variant.type] : []));
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum ?? 0;
    const max = schema.maximum ?? 1_000_000;
    options.push({
      arbitrary: fc.oneof(
        fc.constantFrom(min - 1, min, min + 1, max - 1, max, max + 1).map(String),
        fc.integer({ min: min - 100, max: max + 100 }).map(String),
        fc.double({ min: -1, max: max + 1, noNaN: true }).map(String),
      ),
      weight: 3,
    });
  }
  if (types.includes('boolean')) options.push({ arbitrary: fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE', ''), weight: 3 });
  if (types.includes('string')) options.push({ arbitrary: fc.constantFrom(NATIVE, TOKEN, TRADER, SOL_ADDRESS, EVM_SIGNED_TX, '1000000'), weight: 2 });
  return fc.oneof(...options);
}

/** A query piece sent as is: malformed escapes, bare separators. */
const rawPiece = fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%00', '%FF', '%C0%AF', '%2', '+', '=', '==', '&', '%26', '%3D', '%F0%9F%98');

type QueryPart = { kind: 'pair'; name: string; value: string; rawValue: boolean } | { kind: 'bare'; name: string } | { kind: 'raw'; text: string };

/** The valid sample request of an endpoint, to derive near-valid requests that reach past validation. */
function sampleFor(endpoint: FuzzEndpoint) {
  return SAMPLES.find((candidate) => candidate.method === endpoint.method && candidate.path === endpoint.path);
}

/** A valid value set with at most one field changed or removed. */
function nearValid<T>(
  valid: Record<string, unknown>,
  endpoint: FuzzEndpoint,
  valueFor: (schema: JsonSchema) => fc.Arbitrary<T>,
): fc.Arbitrary<Array<[string, unknown]>> {
  const names = Object.keys(valid);
  if (names.length === 0) return fc.constant([]);
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.oneof(
        { arbitrary: fc.constant<'keep'>('keep'), weight: 2 },
        { arbitrary: fc.constant<'drop'>('drop'), weight: 1 },
        { arbitrary: fc.constant<'change'>('change'), weight: 5 },
      ),
    )
    .chain(([name, action]) => {
      const schema = endpoint.fields.find((field) => field.name === name)?.schema ?? {};
      const changed = action === 'change' ? valueFor(schema).map((value): unknown => value) : fc.constant<unknown>(valid[name]);
      return changed.map((value) =>
        Object.entries(valid)
          .filter(([field]) => !(action === 'drop' && field === name))
          .map(([field, original]): [string, unknown] => [field, field === name ? value : original]),
      );
    });
}

function queryParts(endpoint: FuzzEndpoint, allNames: readonly string[]): fc.Arbitrary<QueryPart[]> {
  const ownNames = endpoint.fields.map((field) => field.name);
  const name = fc.oneof(
    { arbitrary: ownNames.length > 0 ? fc.constantFrom(...ownNames) : fc.constant('x'), weight: 6 },
    { arbitrary: fc.constantFrom(...allNames), weight: 2 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'token[]', 'chain[0]', 'a.b', ''), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  );
  const pair = name.chain((chosen) => {
    const schema = endpoint.fields.find((field) => field.name === chosen)?.schema ?? {};
    return fc.oneof(
      { arbitrary: textFor(schema).map((value): QueryPart => ({ kind: 'pair', name: chosen, value, rawValue: false })), weight: 10 },
      { arbitrary: rawPiece.map((value): QueryPart => ({ kind: 'pair', name: chosen, value, rawValue: true })), weight: 1 },
    );
  });
  const part: fc.Arbitrary<QueryPart> = fc.oneof(
    { arbitrary: pair, weight: 12 },
    { arbitrary: name.map((bare): QueryPart => ({ kind: 'bare', name: bare })), weight: 1 },
    { arbitrary: rawPiece.map((text): QueryPart => ({ kind: 'raw', text })), weight: 1 },
  );
  const valid = sampleFor(endpoint)?.query;
  const close = valid
    ? nearValid(valid, endpoint, textFor).map((entries) =>
        entries.map(([name, value]): QueryPart => ({ kind: 'pair', name, value: String(value), rawValue: false })),
      )
    : fc.constant<QueryPart[]>([]);
  return fc.oneof(
    { arbitrary: close, weight: 6 },
    { arbitrary: fc.array(part, { maxLength: 14 }), weight: 10 },
    // Every real field once, one of them possibly repeated: the closest to valid requests.
    {
      arbitrary: fc
        .tuple(
          fc.tuple(
            ...(endpoint.fields.length > 0 ? endpoint.fields : [{ name: 'x', schema: {} }]).map((field) =>
              textFor(field.schema).map((value): QueryPart => ({ kind: 'pair', name: field.name, value, rawValue: false })),
            ),
          ),
          fc.array(pair, { maxLength: 3 }),
        )
        .map(([fields, extra]) => [...fields, ...extra]),
      weight: 6,
    },
  );
}

function serializeQuery(parts: readonly QueryPart[]): string {
  const pieces: string[] = [];
  let length = 0;
  for (const part of parts) {
    const piece =
      part.kind === 'raw'
        ? part.text
        : part.kind === 'bare'
          ? encodeURIComponent(part.name)
          : `${encodeURIComponent(part.name)}=${part.rawValue ? part.value : encodeURIComponent(part.value)}`;
    if (length + piece.length + 1 > MAX_URL_CHARS) break;
    pieces.push(piece);
    length += piece.length + 1;
  }
  return pieces.join('&');
}

// ---------------------------------------------------------------- bodies

const jsonJunk: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: junkText, weight: 5 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 3 },
  { arbitrary: fc.constantFrom(true, false, null, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2), weight: 2 },
  { arbitrary: fc.array(junkText, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), weight: 1 },
  { arbitrary: fc.integer({ min: 10_000, max: 300_000 }).map((count) => `0x${'ab'.repeat(count / 2)}`), weight: 1 },
);

function bodyValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const typed: Array<fc.Arbitrary<unknown>> = [textFor(schema)];
  const types = [schema, ...(schema.anyOf ?? [])].flatMap((variant) => (Array.isArray(variant.type) ? variant.type : variant.type ? [variant.type] : []));
  if (types.includes('boolean')) typed.push(fc.boolean());
  if (types.includes('integer') || types.includes('number')) typed.push(fc.integer({ min: -20_000, max: 20_000 }));
  return fc.oneof({ arbitrary: fc.oneof(...typed), weight: 3 }, { arbitrary: jsonJunk, weight: 2 });
}

interface BodyCase {
  text: string;
  contentType: string | undefined;
}

function bodies(endpoint: FuzzEndpoint, allNames: readonly string[]): fc.Arbitrary<BodyCase> {
  const fieldEntries = endpoint.fields.map((field) =>
    fc.option(bodyValueFor(field.schema), { nil: undefined, freq: 4 }).map((value) => [field.name, value] as const),
  );
  const extraEntry = fc.tuple(
    fc.oneof(fc.constantFrom(...allNames), fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'skipSimulation', 'txData')),
    jsonJunk,
  );
  const object = fc.tuple(fc.tuple(...fieldEntries), fc.array(extraEntry, { maxLength: 4 })).map(([fields, extra]) => {
    const result: Record<string, unknown> = {};
    for (const [name, value] of [...fields, ...extra]) {
      if (value !== undefined) Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return JSON.stringify(result);
  });
  const nested = fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify({ trade: value, [endpoint.fields[0]?.name ?? 'x']: [value, { value }] }));
  const notObject = fc
    .oneof(
      fc.jsonValue({ maxDepth: 3 }).filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
      fc.array(fc.jsonValue()),
    )
    .map((value) => JSON.stringify(value));
  const invalidJson = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('{', '{"trade":', "{'trade': 1}", '{"a":1,}', 'NaN', '{"a": NaN}', '\uFEFF{}', '{"a":"\\u12"}', '[', '{"a":1}{"b":2}', ' '),
    object.map((text) => text.slice(0, Math.max(1, text.length - 1))),
    fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth)),
    fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );
  const valid = sampleFor(endpoint)?.body;
  const close = valid ? nearValid(valid, endpoint, bodyValueFor).map((entries) => JSON.stringify(Object.fromEntries(entries))) : object;
  const text = fc.oneof(
    { arbitrary: close, weight: 5 },
    { arbitrary: object, weight: 8 },
    { arbitrary: nested, weight: 1 },
    { arbitrary: notObject, weight: 2 },
    { arbitrary: invalidJson, weight: 3 },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 12 },
    {
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/jsonx',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        undefined,
      ),
      weight: 2,
    },
  );
  return fc.record({ text: text.map((body) => body.slice(0, MAX_BODY_CHARS)), contentType });
}

// ---------------------------------------------------------------- requests

interface FuzzRequest {
  endpoint: string;
  method: string;
  url: string;
  body?: BodyCase;
}

const pathSegment = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,60}$/), weight: 5 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent), weight: 2 },
  { arbitrary: fc.constantFrom('%', '%zz', '%2F', '%2e%2e', 'a%00b', '%C0%AF', '~', 'x'.repeat(3_000), '0', '-1', 'null'), weight: 2 },
);

function requestsFor(endpoint: FuzzEndpoint, allNames: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const path =
    endpoint.pathParams.length === 0
      ? fc.constant(endpoint.path)
      : fc.tuple(...endpoint.pathParams.map(() => pathSegment)).map((segments) => {
          let result = endpoint.path;
          endpoint.pathParams.forEach((name, index) => {
            result = result.replace(`{${name}}`, segments[index]!);
          });
          return result;
        });
  const query = queryParts(endpoint, allNames).map(serializeQuery);
  if (endpoint.method === 'GET') {
    return fc
      .record({ path, query, wrongMethod: fc.oneof({ arbitrary: fc.constant(false), weight: 30 }, { arbitrary: fc.constant(true), weight: 1 }) })
      .map(({ path: resolved, query: text, wrongMethod }) => ({
        endpoint: endpoint.key,
        method: wrongMethod ? 'DELETE' : 'GET',
        url: `${resolved}${text ? `?${text}` : ''}`,
      }));
  }
  return fc
    .record({ path, body: bodies(endpoint, allNames), query: fc.oneof({ arbitrary: fc.constant(''), weight: 5 }, { arbitrary: query, weight: 1 }) })
    .map(({ path: resolved, body, query: text }) => ({
      endpoint: endpoint.key,
      method: 'POST',
      url: `${resolved}${text ? `?${text}` : ''}`,
      body,
    }));
}

interface Outcome {
  status: number;
  text: string;
  json: unknown;
  isJson: boolean;
}

/** Through the suites' client, so every answer is also held against the OpenAPI document's listed statuses. */
async function perform(request: FuzzRequest): Promise<Outcome> {
  const response = await api.send(`${baseUrl()}${request.url}`, {
    method: request.method,
    rawBody: request.body?.text,
    contentType: request.body?.contentType,
  });
  return { status: response.status, text: response.text, json: response.json, isJson: response.isJson };
}

/** Why a response breaks the contract, or undefined when it keeps it. */
function violation(outcome: Outcome): string | undefined {
  if (!outcome.isJson) return 'the body is not JSON';
  const body = outcome.json as { success?: unknown; code?: unknown } | null;
  if (outcome.status >= 500) {
    const allowed =
      (outcome.status === 501 && body?.code === 'NOT_IMPLEMENTED') ||
      ((outcome.status === 502 || outcome.status === 503) && (body?.code === 'RPC_ERROR' || body?.code === 'CHAIN_UNAVAILABLE'));
    if (!allowed) return `status ${outcome.status} with code ${String(body?.code)}`;
  }
  if (outcome.status !== 200) {
    if (body === null || typeof body !== 'object') return 'a failure body that is not an object';
    if (body.success !== false) return 'a failure without success: false';
    if (typeof body.code !== 'string' || body.code.length === 0) return 'a failure without a code';
  }
  return undefined;
}

function clip(text: string, length = 400): string {
  return text.length > length ? `${text.slice(0, length)}... (${text.length} chars)` : text;
}

test('random requests to every endpoint get well-formed answers', async () => {
  test.setTimeout(240_000);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  console.log(`[fuzz] FUZZ_SEED=${seed}`);

  const endpoints = await loadEndpoints();
  expect(endpoints.length).toBeGreaterThanOrEqual(18);
  const allNames = [...new Set(endpoints.flatMap((endpoint) => endpoint.fields.map((field) => field.name)))];
  const anyRequest = fc.oneof(...endpoints.map((endpoint) => requestsFor(endpoint, allNames)));

  let sent = 0;
  const perEndpoint = new Map<string, number>();
  const statuses = new Map<number, number>();
  const started = performance.now();

  const report = () => {
    const seconds = (performance.now() - started) / 1000;
    console.log(`[fuzz] ${sent} requests in ${seconds.toFixed(1)} s (seed ${seed})`);
    console.log(`[fuzz] by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    console.log(`[fuzz] by endpoint: ${JSON.stringify(Object.fromEntries(perEndpoint))}`);
  };

  // Each run sends one batch concurrently, which keeps IN_FLIGHT requests in flight.
  const property = fc.asyncProperty(fc.array(anyRequest, { minLength: IN_FLIGHT, maxLength: IN_FLIGHT }), async (batch) => {
    const problems = await Promise.all(
      batch.map(async (request) => {
        sent += 1;
        perEndpoint.set(request.endpoint, (perEndpoint.get(request.endpoint) ?? 0) + 1);
        let outcome: Outcome;
        try {
          outcome = await perform(request);
        } catch (error) {
          return `${request.method} ${clip(request.url)}: the request failed: ${String(error)}`;
        }
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const problem = violation(outcome);
        if (!problem) return undefined;
        const body = request.body ? ` body (${request.body.contentType ?? 'no content type'}): ${clip(request.body.text)}` : '';
        return `${request.method} ${clip(request.url)}${body}\n  -> ${outcome.status} ${clip(outcome.text)}\n  problem: ${problem}`;
      }),
    );
    const found = problems.filter((problem): problem is string => problem !== undefined);
    if (found.length > 0) throw new Error(found.join('\n'));
  });

  try {
    await fc.assert(property, { seed, numRuns: RUNS, interruptAfterTimeLimit: 200_000, markInterruptAsFailure: true });
  } finally {
    report();
  }
  expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  for (const endpoint of endpoints) {
    expect(perEndpoint.get(endpoint.key) ?? 0, `requests to ${endpoint.key}`).toBeGreaterThan(0);
  }
});
