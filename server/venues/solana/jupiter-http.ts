/**
 * How the Jupiter adapter talks to Jupiter's Swap API v1: one GET or POST with the API key and a time limit,
 * asked again after a short 429, each failure an AppError that names Jupiter. A host that cannot be reached
 * (refused, unknown, silent past the limit) is CHAIN_UNAVAILABLE; a 5xx or an answer that cannot be read is
 * RPC_ERROR; a refusal means what jupiter-refusals.ts reads in it. Messages never carry the configured URL
 * or the key: a hosted endpoint's URL may hold its key in the path.
 */
import { AppError } from '@/server/errors';
import { refusalError, type JupiterEndpoint, type RefusedLeg } from './jupiter-refusals';

export interface JupiterClientOptions {
  /** Root of the Swap API v1, e.g. `https://api.jup.ag/swap/v1`; `/quote` and `/swap-instructions` hang off it. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Limit of each request. */
  timeoutMs?: number;
  /** Sent as `x-api-key` (JUPITER_API_KEY). */
  apiKey?: string;
}

export interface JupiterClient {
  doFetch: typeof fetch;
  timeoutMs: number;
  root: string;
  headers: Record<string, string>;
  /** Text that must never reach a message: the configured root and the key. */
  secrets: string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Retries of a request Jupiter limited (429), and the longest wait for one a quote can afford. */
const RATE_LIMIT_RETRIES = 2;
const MAX_RATE_LIMIT_WAIT_MS = 2_000;
/** Without a reset time in the answer, the first retry waits this long and each next one twice as long. */
const FIRST_BACKOFF_MS = 250;
/** The most of Jupiter's own message a refusal repeats. */
const MAX_MESSAGE_CHARS = 240;

export function createJupiterClient(options: JupiterClientOptions): JupiterClient {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const root = options.baseUrl.replace(/\/+$/, '');
  return {
    doFetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    root,
    headers,
    secrets: [root, options.apiKey].filter((text): text is string => Boolean(text)),
  };
}

/**
 * How long to wait before asking again after a 429: `Retry-After` (seconds or a date), else
 * `x-ratelimit-reset` (seconds from now, or a Unix time in seconds or milliseconds), else exponential backoff.
 */
export function rateLimitWaitMs(headers: Headers, attempt: number, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const at = Number.isFinite(seconds) ? now + seconds * 1_000 : Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN);
  if (Number.isFinite(reset) && reset >= 0) {
    if (reset > 1e12) return Math.max(0, reset - now);
    if (reset > 1e9) return Math.max(0, reset * 1_000 - now);
    return reset * 1_000;
  }
  return FIRST_BACKOFF_MS * 2 ** attempt;
}

export interface JupiterRequest {
  endpoint: JupiterEndpoint;
  /** The query of a GET; a POST sends `json`. */
  query?: URLSearchParams;
  json?: unknown;
  /** The leg the request is for: a refusal naming one of its mints blames that side. */
  leg: RefusedLeg;
}

/** The parsed body of a 2xx answer, asking again after a short 429. */
export async function callJupiter(client: JupiterClient, request: JupiterRequest): Promise<unknown> {
  const { endpoint } = request;
  for (let attempt = 0; ; attempt++) {
    const { status, text, headers } = await send(client, request);
    if (status === 429) {
      const waitMs = rateLimitWaitMs(headers, attempt);
      if (attempt < RATE_LIMIT_RETRIES && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      const when = waitMs > 0 ? ` Try again in about ${Math.ceil(waitMs / 1_000)} s.` : ' Try again shortly.';
      throw new AppError('RPC_ERROR', `Jupiter is limiting this server's ${endpoint} requests (HTTP 429).${when}`);
    }
    return readAnswer(client, request, status, text);
  }
}

async function send(client: JupiterClient, request: JupiterRequest): Promise<{ status: number; text: string; headers: Headers }> {
  const { endpoint, query, json } = request;
  let response: Response;
  try {
    response = await client.doFetch(`${client.root}/${endpoint}${query ? `?${query}` : ''}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: json === undefined ? client.headers : { ...client.headers, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (error) {
    throw new AppError('CHAIN_UNAVAILABLE', `Jupiter cannot be reached: the ${endpoint} request ${unreachable(client, error)}. Try again shortly.`, {
      cause: error,
    });
  }
  try {
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch (error) {
    // It answered, then the body broke off (or never came within the limit).
    throw new AppError('RPC_ERROR', `Jupiter's ${endpoint} answer broke off (${describe(client, error)}). Try again shortly.`, { cause: error });
  }
}

function readAnswer(client: JupiterClient, request: JupiterRequest, status: number, text: string): unknown {
  const body = parseJson(text);
  if (status >= 500) {
    throw new AppError('RPC_ERROR', `Jupiter did not answer the ${request.endpoint} request (HTTP ${status}). Try again shortly.`);
  }
  if (status < 200 || status > 299) {
    // Jupiter's routers say `error`; its API gateway may say `message`; a body that is not JSON is its own text.
    const fields = typeof body === 'object' && body !== null ? (body as { error?: unknown; message?: unknown }) : undefined;
    const said = fields ? (fields.error ?? fields.message) : text;
    throw refusalError({
      endpoint: request.endpoint,
      status,
      errorCode: readErrorCode(body),
      message: typeof said === 'string' ? clean(client, said) : '',
      leg: request.leg,
    });
  }
  if (body === undefined) throw new AppError('RPC_ERROR', `Jupiter's ${request.endpoint} answer is not JSON.`);
  return body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { errorCode?: unknown }).errorCode;
  // Only code-shaped text: it may end up in a message shown to a person.
  return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined;
}

/** Jupiter's text as a message may repeat it: one line, printable, bounded, with nothing of this server's configuration. */
function clean(client: JupiterClient, text: string): string {
  let line = text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are replaced
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const secret of client.secrets) line = line.split(secret).join('[redacted]');
  if (/<\/?[a-z][^>]*>/i.test(line)) return '';
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS)}…` : line;
}

/** Why no answer came: the time limit, the network's error code, or (scrubbed) what the fetch said. */
function unreachable(client: JupiterClient, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `had no answer within ${client.timeoutMs} ms`;
  return `failed (${describe(client, error)})`;
}

function describe(client: JupiterClient, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${client.timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return clean(client, error instanceof Error ? error.message : String(error)) || 'no detail';
}
