/**
 * A JSON-RPC transport over a chain's configured URLs, tried in order: a URL that fails to answer
 * (network error, timeout, HTTP 5xx, garbage) hands over to the next one. An answer carrying a JSON-RPC
 * error is an answer, not a transport failure, and is not retried elsewhere.
 */
import { AppError } from '@/server/errors';
import type { ChainId } from './registry';

export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';
  constructor(readonly rpcCode: number, message: string, readonly data?: unknown) {
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
      const failures: string[] = [];
      for (const url of options.urls) {
        const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
        const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
        try {
          const response = await doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
            signal,
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
          if (body.error) {
            options.onCall?.({ chain: options.chain, method, outcome: 'rpc_error' });
            throw new JsonRpcError(body.error.code, body.error.message, body.error.data);
          }
          if (!('result' in body)) throw new Error('response has neither result nor error');
          options.onCall?.({ chain: options.chain, method, outcome: 'ok' });
          return body.result as T;
        } catch (error) {
          if (error instanceof JsonRpcError) throw error;
          if (call.signal?.aborted) throw error;
          options.onCall?.({ chain: options.chain, method, outcome: 'transport_error' });
          failures.push(`${redactUrl(url)}: ${describe(error)}`);
        }
      }
      throw new AppError('RPC_ERROR', `${options.chain} RPC did not answer ${method} (${failures.join('; ')}). Try again shortly.`);
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
      const failures: string[] = [];
      for (const url of options.urls) {
        const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs);
        const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
        const ids = calls.map(() => nextId++);
        try {
          const response = await doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(calls.map(({ method, params = [] }, index) => ({ jsonrpc: '2.0', id: ids[index], method, params }))),
            signal,
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const answers = readBatchBody(await response.json(), ids);
          answers.forEach((answer, index) => report(answer.ok ? 'ok' : 'rpc_error', index));
          return answers;
        } catch (error) {
          if (call.signal?.aborted) throw error;
          report('transport_error');
          failures.push(`${redactUrl(url)}: ${describe(error)}`);
        }
      }
      const methods = calls.map(({ method }) => method).join(', ');
      throw new AppError('RPC_ERROR', `${options.chain} RPC did not answer a batch of ${methods} (${failures.join('; ')}). Try again shortly.`);
    },
  };
}

/** Matches a batch reply to our ids; anything but one result or error per id is not an answer. */
function readBatchBody(body: unknown, ids: readonly number[]): RpcBatchAnswer[] {
  if (!Array.isArray(body)) {
    const error = (body as { error?: { message?: unknown } } | null)?.error;
    throw new Error(error ? `batch refused: ${String(error.message)}` : 'batch reply is not an array');
  }
  const byId = new Map<unknown, { result?: unknown; error?: { code: number; message: string; data?: unknown } }>();
  for (const item of body as unknown[]) {
    if (item && typeof item === 'object' && 'id' in item) byId.set((item as { id: unknown }).id, item as never);
  }
  return ids.map((id) => {
    const item = byId.get(id);
    if (item?.error) return { ok: false as const, error: new JsonRpcError(item.error.code, item.error.message, item.error.data) };
    if (!item || !('result' in item)) throw new Error(`batch reply has no answer for call ${id}`);
    return { ok: true as const, result: item.result };
  });
}

/** RPC URLs often carry API keys in their path or query; logs and errors show only the origin. */
export function redactUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid-url';
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message;
  return String(error);
}
