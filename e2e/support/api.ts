/**
 * A small HTTP client for the REST interface: every call returns status, headers, raw text and the parsed
 * JSON (when the body is JSON), and sends the dev key unless told otherwise. Every answer is held against
 * the server's OpenAPI document: a status (or failure code) the document does not list for that operation
 * fails the test that received it, so the document cannot drift from what the server does. No answer may show
 * the credentials in the server's RPC URLs (env.ts secretsIn): one that does fails the test too.
 */
import { undocumentedAnswer, type DocumentLike } from '../../server/rest/test-support/document-check';
import { baseUrl, devApiKey, leakReport } from './env';

export type Query = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

export interface ApiRequest {
  method?: string;
  query?: Query;
  /** Serialized as JSON with Content-Type application/json. */
  body?: unknown;
  /** Sent as is; set contentType yourself. */
  rawBody?: string;
  contentType?: string;
  /** The API key; null sends no Authorization header; omitted sends the dev key. */
  key?: string | null;
  /** A full Authorization header value, overriding key. */
  authorization?: string;
  headers?: Record<string, string>;
  /** How long to wait for the answer; 30 s unless told. */
  timeoutMs?: number;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: T;
  isJson: boolean;
  url: string;
}

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function send<T = unknown>(path: string, options: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (options.key !== null) headers.authorization = `Bearer ${options.key ?? devApiKey()}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    if (options.contentType) headers['content-type'] = options.contentType;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const url = path.startsWith('http') ? path : `${baseUrl()}${path}${queryString(options.query)}`;
  const response = await fetch(url, { method, headers, body, redirect: 'follow', signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  const text = await response.text();
  const leak = leakReport(`${method} ${url} (status ${response.status})`, `${headerLines(response.headers)}\n\n${text}`);
  if (leak) throw new Error(leak);
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    json = undefined;
  }
  const drift = undocumentedAnswer(await servedDocument(), { method, url, status: response.status, body: json });
  if (drift) throw new Error(`${drift}. The answer: ${text.slice(0, 300)}`);
  return { status: response.status, headers: response.headers, text, json: json as T, isJson, url };
}

let documentRead: Promise<DocumentLike> | undefined;

/** The server's OpenAPI document, read once per worker (with the dev key, outside the check itself). */
function servedDocument(): Promise<DocumentLike> {
  documentRead ??= (async () => {
    const response = await fetch(`${baseUrl()}/api/openapi.json`, {
      headers: { authorization: `Bearer ${devApiKey()}` },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}: ${text.slice(0, 300)}`);
    const leak = leakReport('GET /api/openapi.json', `${headerLines(response.headers)}\n\n${text}`);
    if (leak) throw new Error(leak);
    return JSON.parse(text) as DocumentLike;
  })();
  documentRead.catch(() => {
    documentRead = undefined;
  });
  return documentRead;
}

/** A response's headers as `name: value` lines (a redirect's Location, a cookie: they are answers too). */
export function headerLines(headers: Headers): string {
  return [...headers].map(([name, value]) => `${name}: ${value}`).join('\n');
}

export interface Failure {
  success: false;
  code: string;
  error: string;
  field?: string;
}

/** The helper the specs use: `api.get(path, query)`, `api.post(path, body)`, or `api.send` for anything else. */
export const api = {
  send,
  get<T = unknown>(path: string, query?: Query, options: Omit<ApiRequest, 'query' | 'method'> = {}) {
    return send<T>(path, { ...options, method: 'GET', query });
  },
  post<T = unknown>(path: string, body: unknown, options: Omit<ApiRequest, 'body' | 'method'> = {}) {
    return send<T>(path, { ...options, method: 'POST', body });
  },
};

export type Api = typeof api;

/** A short description of a response for assertion messages. */
export function describe(response: ApiResponse): string {
  return `${response.status} ${response.url} -> ${response.text.slice(0, 500)}`;
}
