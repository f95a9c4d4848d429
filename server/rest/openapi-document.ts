/**
 * The OpenAPI 3.1 document, generated from the same endpoint contracts that validate requests.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ENDPOINTS } from '@/server/api/contract';
import type { Endpoint } from '@/server/api/contract/endpoint';
import { failureSchema } from '@/server/api/contract/responses';
import { ERROR_TABLE, type ErrorCode } from '@/server/errors';
import { METRICS_PATH, metricsOperation } from './metrics-operation';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input: `field` names the parameter at fault',
  401: 'Missing, invalid or revoked API key',
  404: 'Not found',
  409: 'Quote expired or nonce already used: get a fresh quote',
  413: 'The request body is larger than 1 MiB',
  415: 'The body is not sent as JSON (Content-Type: application/json)',
  422: 'The request is valid but cannot be carried out (no route, simulation failed, insufficient balance)',
  429: 'Rate limit reached: wait for the number of seconds in the Retry-After header',
  501: 'This capability is not available on this server yet',
  502: 'A chain RPC failed to answer',
  503: 'The chain is not available on this server',
};

function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

function curlExample(endpoint: Endpoint, path: string): string {
  const auth = endpoint.auth ? ` \\\n  -H "Authorization: Bearer $API_KEY"` : '';
  if (endpoint.method === 'POST') {
    const fields = Object.keys(endpoint.input.shape).slice(0, 5);
    const body = JSON.stringify(Object.fromEntries(fields.map((field) => [field, '...'])));
    return `curl -X POST "$BASE_URL${path}"${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`;
  }
  const required = Object.entries(endpoint.input.shape)
    .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name)
    .filter((name) => !pathParamsOf(path).includes(name));
  const query = required.length > 0 ? `?${required.map((name) => `${name}=...`).join('&')}` : '';
  return `curl "$BASE_URL${path.replace(/\{(\w+)\}/g, '<$1>')}${query}"${auth}`;
}

/**
 * What the transport answers on an endpoint whatever its domain call does: the key checks, input that
 * cannot be read, and for a body its size and type. Listed with the endpoint's own errors, so the document
 * names every answer a client can get (the test clients hold every answer they see against it).
 */
function transportErrors(endpoint: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (endpoint.auth) codes.push('UNAUTHORIZED', 'RATE_LIMITED');
  if (endpoint.method === 'POST') codes.push('INVALID_INPUT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  else if (Object.keys(endpoint.input.shape).length > 0) codes.push('INVALID_INPUT');
  return codes;
}

/** Each failure status of an endpoint with the codes it carries, in table order. */
function failureStatuses(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const answered = new Set<ErrorCode>([...transportErrors(endpoint), ...endpoint.errors]);
  const statuses = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_TABLE) as ErrorCode[]) {
    if (!answered.has(code)) continue;
    const status = ERROR_TABLE[code].http;
    statuses.set(status, [...(statuses.get(status) ?? []), code]);
  }
  return statuses;
}

function operationFor(endpoint: Endpoint, path: string): ZodOpenApiOperationObject {
  const pathParams = pathParamsOf(path);
  const shape = endpoint.input.shape as Record<string, z.ZodType>;
  const statuses = failureStatuses(endpoint);
  const aliasNote = endpoint.aliases
    ? `\n\nAlso accepted: ${Object.entries(endpoint.aliases)
        .map(([alias, { to, invert }]) => `\`${alias}\` for \`${to}\`${invert ? ' (inverted)' : ''}`)
        .join(', ')}.`
    : '';
  const operation: ZodOpenApiOperationObject = {
    operationId: endpoint.procedure.replace('.', '_') + (path === endpoint.paths[0] ? '' : '_alt'),
    summary: endpoint.summary,
    description: `${endpoint.description}${aliasNote}`,
    tags: [endpoint.tag],
    security: endpoint.auth ? [{ bearerAuth: [] }] : [],
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: endpoint.output } } },
      ...Object.fromEntries(
        [...statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, codes]) => [
            status,
            {
              description: `${STATUS_TEXT[status] ?? 'Failure'} (code: ${codes.join(', ')})`,
              content: { 'application/json': { schema: failureSchema } },
              'x-error-codes': codes,
            },
          ]),
      ),
    },
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curlExample(endpoint, path) }],
  };

  const pathShape = Object.fromEntries(pathParams.map((name) => [name, shape[name]!]));
  const rest = Object.fromEntries(Object.entries(shape).filter(([name]) => !pathParams.includes(name)));
  if (endpoint.method === 'GET') {
    operation.requestParams = {
      ...(pathParams.length > 0 ? { path: z.object(pathShape) } : {}),
      ...(Object.keys(rest).length > 0 ? { query: z.object(rest) } : {}),
    };
  } else {
    operation.requestBody = { required: true, content: { 'application/json': { schema: endpoint.input } } };
  }
  return operation;
}

export function buildOpenApiDocument(options: { version: string; serverUrl?: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of ENDPOINTS) {
    for (const path of endpoint.paths) {
      const method = endpoint.method.toLowerCase() as 'get' | 'post';
      paths[path] = { ...paths[path], [method]: operationFor(endpoint, path) };
    }
  }
  paths[METRICS_PATH] = { get: metricsOperation() };
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Trading and bridging API',
      version: options.version,
      description: [
        'Quote, sign and execute token swaps on 14 EVM chains and Solana, read token, pool and balance data, and bridge between chains.',
        '',
        '**Authentication.** Every endpoint except `/api/health` needs an API key in the header `Authorization: Bearer <API_KEY>`. A missing or invalid key answers 401 with code `UNAUTHORIZED`; each key has its own rate limit (429 with `Retry-After`). `/api/metrics` needs an operator key (403 `FORBIDDEN` with any other).',
        '',
        '**Errors.** A failure answers `{"success": false, "code": "<CODE>", "error": "<message>"}` (plus `field` for invalid input). A reverted transaction is an outcome, not an error: HTTP 200 with `success: false`.',
        '',
        '**Units.** Amounts in raw units are integer strings (wei, lamports, token base units). The native token is the zero address `0x0000000000000000000000000000000000000000` on every chain.',
        '',
        '**Addresses.** EVM addresses are read in any letter case. Every answer spells them checksummed (EIP-55), in its fields and inside its messages and links; Solana addresses are base58 as they are.',
      ].join('\n'),
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } },
    },
    tags: [
      { name: 'Trading', description: 'Quote, sign and execute swaps' },
      { name: 'Token data', description: 'Token, pool and price reads' },
      { name: 'Chains and balances', description: 'Chains, fees and wallet balances' },
      { name: 'Bridge', description: 'Cross-chain transfers' },
      { name: 'System', description: 'Health and metrics' },
    ],
    paths,
  });
}
