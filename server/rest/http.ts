/**
 * What every HTTP entry point shares: a request id, JSON responses, failure bodies from the error table,
 * access logs and metrics. REST routes, the tRPC endpoint and the operational routes all go through here.
 */
import { randomUUID } from 'node:crypto';
import { AppError, failureBody } from '@/server/errors';
import { checksumAddresses } from '@/server/api/contract/answer-addresses';
import { toAppError } from '@/server/api/to-app-error';
import { getServices, type Services } from '@/server/services';

export const REQUEST_ID_HEADER = 'x-request-id';
export const MAX_BODY_BYTES = 1_048_576;

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * The text of the JSON answers made here, so a server writing them to a socket itself (server/http) skips
 * reading the Response's body stream back.
 */
export const JSON_TEXT = new WeakMap<Response, string>();

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
  JSON_TEXT.set(response, text);
  return response;
}

export function failureResponse(error: AppError, headers: Record<string, string> = {}): Response {
  const extra: Record<string, string> = { ...headers };
  if (error.retryAfterSeconds !== undefined) extra['retry-after'] = String(error.retryAfterSeconds);
  // A message may name an address as some store or chain spelled it: answered checksummed, as every answer.
  return jsonResponse(checksumAddresses(failureBody(error)), error.httpStatus, extra);
}

export interface Exchange {
  request: Request;
  requestId: string;
  services: Services;
}

/**
 * Runs a handler with services, request id, access log and metrics. Anything it throws becomes a JSON
 * failure. Every answer of 500 or above is logged at error level with its request id (the failure body
 * points the caller to it), with the error and its stack where one was thrown, which the answer never
 * carries.
 */
export async function serveHttp(
  request: Request,
  route: string,
  handle: (exchange: Exchange) => Promise<Response>,
  loadServices: () => Promise<Services> = getServices,
): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(request);
  let services: Services;
  try {
    services = await loadServices();
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'services failed to start', requestId, error: String(error) }));
    const response = failureResponse(new AppError('INTERNAL', 'The server is starting or misconfigured; see its logs.'));
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  }
  let response: Response;
  try {
    response = await handle({ request, requestId, services });
  } catch (error) {
    const appError = toAppError(error);
    if (appError.httpStatus >= 500) services.logger.error('request failed', { requestId, route, code: appError.code, error });
    response = failureResponse(appError);
  }
  response.headers.set(REQUEST_ID_HEADER, requestId);
  const seconds = (performance.now() - started) / 1000;
  // The server's own share of the answer's time, for callers and load tests (RFC: Server-Timing).
  response.headers.set('server-timing', `app;dur=${(seconds * 1000).toFixed(2)}`);
  services.metrics.httpRequests.inc({ route, method: request.method, status: String(response.status) });
  services.metrics.httpDuration.observe({ route, method: request.method }, seconds);
  const access = {
    requestId,
    method: request.method,
    route,
    path: new URL(request.url).pathname.slice(0, 200),
    status: response.status,
    ms: Math.round(seconds * 1000),
  };
  if (response.status >= 500) services.logger.error('request', access);
  else services.logger.info('request', access);
  return response;
}

/** Reads a JSON object body, bounded in size; failures name the body as the field at fault. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".', { field: 'body' });
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readTextBounded(request);
  if (text.trim() === '') throw new AppError('INVALID_INPUT', 'body: a JSON object is required', { field: 'body' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_INPUT', 'body: is not valid JSON', { field: 'body' });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('INVALID_INPUT', 'body: must be a JSON object', { field: 'body' });
  }
  return parsed;
}

async function readTextBounded(request: Request): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function isJsonContentType(contentType: string | null): boolean {
  return /^application\/json\b/i.test(contentType ?? '');
}

export function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes.`, { field: 'body' });
}

/** Query parameters as an object; a repeated name becomes an array (which scalar fields then reject). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const existing = result[name];
    if (existing === undefined) result[name] = value;
    else result[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
