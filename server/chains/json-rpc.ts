/**
 * A JSON-RPC transport over a chain's configured URLs, tried in order: a URL that fails to answer
 * (network error, timeout, HTTP 5xx, garbage) hands over to the next one. An answer carrying a JSON-RPC
 * error is an answer, not a transport failure, and is not retried elsewhere.
 *
 * Every attempt runs under its own timeout signal, which also covers reading the body: a node that sends
 * headers and then stalls is abandoned like one that never answers. When no URL gives a usable answer the
 * caller gets CHAIN_UNAVAILABLE (503) if none answered at all (timeouts, refused or dropped connections:
 * try again later) and RPC_ERROR (502) if some answered wrongly (HTTP errors, HTML pages, truncated or
 * malformed JSON, replies that are not JSON-RPC).
 */
import { AppError } from '@/server/errors';
import { redactUrl, redactUrlsInText, withoutAddresses } from './redact';
import type { ChainId } from './registry';

export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface RpcCallOutcome {
  chain: ChainId;
  method: string;
  outcome: 'ok' | 'rpc_error' | 'transport_error';
}

export interface RpcCall {
  method: string;
  params?: unknown[];
}

/** One answer of a batch, in the order of the calls: a result or the JSON-RPC error the node gave for it. */
export type RpcBatchAnswer<T = unknown> = { ok: true; result: T } | { ok: false; error: JsonRpcError };

export interface RpcTransport {
  chain: ChainId;
  urls: readonly string[];
  request<T = unknown>(method: string, params?: unknown[], options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<T>;
  /**
   * Several calls in one HTTP request (a JSON-RPC batch), answered in call order. Per-call JSON-RPC errors
   * are answers and come back in their slot; a URL whose reply is not a complete batch answer (some nodes
   * refuse batches with a single error object) counts as not answering, and the next URL gets the batch.
   */
  requestBatch(calls: readonly RpcCall[], options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<RpcBatchAnswer[]>;
}

export interface RpcTransportOptions {
  chain: ChainId;
  urls: readonly string[];
  timeoutMs: number;
  onCall?: (outcome: RpcCallOutcome) => void;
  fetch?: typeof fetch;
}

let nextId = 1;

export function createRpcTransport(options: RpcTransportOptions): RpcTransport {
  const doFetch = options.fetch ?? fetch;
  return {
    chain: options.chain,
    urls: options.urls,
    async request<T>(method: string, params: unknown[] = [], call: { timeoutMs?: number; signal?: AbortSignal } = {}) {
      if (options.urls.length === 0) {
        throw new AppError('CHAIN_UNAVAILABLE', `${options.chain} is not available on this server: no RPC is configured for it.`);
      }
      const failures: Failure[] = [];
      for (const [index, url] of options.urls.entries()) {
        const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
        const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
        try {
          const target = requestTarget(url);
          const response = await doFetch(target.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...target.headers },
            body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
            signal,
          });
          if (!response.ok) throw new BadAnswer(`HTTP ${response.status}`);
          const body = readSingleBody(await readJson(response));
          if (body.error) {
            options.onCall?.({ chain: options.chain, method, outcome: 'rpc_error' });
            throw new JsonRpcError(body.error.code, body.error.message, body.error.data);
          }
          options.onCall?.({ chain: options.chain, method, outcome: 'ok' });
          return body.result as T;
        } catch (error) {
          if (error instanceof JsonRpcError) throw error;
          if (call.signal?.aborted) throw error;
          options.onCall?.({ chain: options.chain, method, outcome: 'transport_error' });
          failures.push(failureOf(url, index, error));
        }
      }
      throw allFailed(options.chain, method, failures);
    },

    async requestBatch(calls, call = {}) {
      if (options.urls.length === 0) {
        throw new AppError('CHAIN_UNAVAILABLE', `${options.chain} is not available on this server: no RPC is configured for it.`);
      }
      if (calls.length === 0) return [];
      const report = (outcome: RpcCallOutcome['outcome'], only?: number) =>
        calls.forEach(({ method }, index) => {
          if (only === undefined || only === index) options.onCall?.({ chain: options.chain, method, outcome });
        });
      const failures: Failure[] = [];
      for (const [index, url] of options.urls.entries()) {
        const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
        const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
        const ids = calls.map(() => nextId++);
        try {
          const target = requestTarget(url);
          const response = await doFetch(target.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...target.headers },
            body: JSON.stringify(calls.map(({ method, params = [] }, index) => ({ jsonrpc: '2.0', id: ids[index], method, params }))),
            signal,
          });
          if (!response.ok) throw new BadAnswer(`HTTP ${response.status}`);
          const answers = readBatchBody(await readJson(response), ids);
          answers.forEach((answer, index) => report(answer.ok ? 'ok' : 'rpc_error', index));
          return answers;
        } catch (error) {
          if (call.signal?.aborted) throw error;
          report('transport_error');
          failures.push(failureOf(url, index, error));
        }
      }
      throw allFailed(options.chain, `a batch of ${calls.map(({ method }) => method).join(', ')}`, failures);
    },
  };
}

/** A URL answered, but not with a usable JSON-RPC reply (as opposed to not answering at all). */
class BadAnswer extends Error {
  override readonly name = 'BadAnswer';
}

interface Failure {
  text: string;
  operatorText: string;
  answered: boolean;
}

type RpcErrorObject = { code: number; message: string; data?: unknown };

/**
 * The body as JSON. Read as text first so that an HTML error page or a body cut off mid-way is named as
 * such instead of surfacing as a SyntaxError; a connection dropped while reading stays a network failure.
 */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const start = text.trimStart().slice(0, 40).replace(/\s+/g, ' ');
    throw new BadAnswer(text.trim() === '' ? 'empty reply' : `reply is not JSON (${text.length} bytes starting "${start}")`);
  }
}

/**
 * A JSON-RPC error only counts as an answer when it has the standard shape; anything else (an object with
 * neither result nor error, a bare string, an error without a numeric code) is garbage from this URL and
 * the next one is asked.
 */
function rpcErrorOf(value: unknown): RpcErrorObject | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { code, message, data } = value as Record<string, unknown>;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  return { code, message, data };
}

function readSingleBody(body: unknown): { result?: unknown; error?: RpcErrorObject } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadAnswer('reply is not a JSON-RPC object');
  const item = body as Record<string, unknown>;
  if ('error' in item && item.error !== undefined && item.error !== null) {
    const error = rpcErrorOf(item.error);
    if (!error) throw new BadAnswer('reply carries a malformed JSON-RPC error');
    return { error };
  }
  if (!('result' in item)) throw new BadAnswer('reply has neither result nor error');
  return { result: item.result };
}

/** Matches a batch reply to our ids; anything but one result or error per id is not an answer. */
function readBatchBody(body: unknown, ids: readonly number[]): RpcBatchAnswer[] {
  if (!Array.isArray(body)) {
    const error = (body as { error?: { message?: unknown } } | null)?.error;
    throw new BadAnswer(error ? `batch refused: ${String(error.message)}` : 'batch reply is not an array');
  }
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const item of body as unknown[]) {
    if (item && typeof item === 'object' && 'id' in item) byId.set(item.id, item);
  }
  return ids.map((id) => {
    const item = byId.get(id);
    if (item && item.error !== undefined && item.error !== null) {
      const error = rpcErrorOf(item.error);
      if (!error) throw new BadAnswer(`batch reply carries a malformed error for call ${id}`);
      return { ok: false as const, error: new JsonRpcError(error.code, error.message, error.data) };
    }
    if (!item || !('result' in item)) throw new BadAnswer(`batch reply has no answer for call ${id}`);
    return { ok: true as const, result: item.result };
  });
}

/**
 * What the client reads names each URL by its place in the chain's list, never its address: RPC URLs carry
 * keys and passwords, and even a bare host tells outsiders where this server's nodes are. The operator's
 * version, with each URL redacted (server/chains/redact.ts), goes in the error's cause for the logs.
 */
function failureOf(url: string, index: number, error: unknown): Failure {
  const reason = describe(error);
  return {
    text: `URL ${index + 1}: ${withoutAddresses(reason)}`,
    operatorText: `${redactUrl(url)}: ${redactUrlsInText(reason)}`,
    answered: error instanceof BadAnswer,
  };
}

/** 503 when no URL answered at all (the chain is out of reach for now), 502 when some answered wrongly. */
function allFailed(chain: ChainId, what: string, failures: readonly Failure[]): AppError {
  const detail = failures.map((failure) => failure.text).join('; ');
  const cause = new Error(`${chain} RPC failed ${what}: ${failures.map((failure) => failure.operatorText).join('; ')}`);
  if (failures.every((failure) => !failure.answered)) {
    return new AppError('CHAIN_UNAVAILABLE', `${chain} RPC is unreachable: no URL answered ${what} (${detail}). Try again shortly.`, { cause });
  }
  return new AppError('RPC_ERROR', `${chain} RPC did not answer ${what} properly (${detail}). Try again shortly.`, { cause });
}

/**
 * fetch refuses a URL with a user and password in it (and its refusal quotes the whole URL): the
 * credentials travel as HTTP Basic authorization instead, as the URL form means. Every client of an RPC URL
 * from the configuration or the manifest goes through here (this transport, the local world's faucets).
 */
export function requestTarget(url: string): { url: string; headers: Record<string, string> } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, headers: {} };
  }
  if (parsed.username === '' && parsed.password === '') return { url, headers: {} };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` } };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timed out';
  // undici reports network failures as TypeError('fetch failed' or 'terminated') with the reason as cause.
  const cause = (error as { cause?: unknown }).cause;
  const reason = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : undefined;
  return reason ? `${error.message}: ${reason}` : error.message;
}
