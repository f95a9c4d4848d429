/**
 * A chain's circuit breaker: after `failures` calls in a row that no node answered (timeouts, refused or
 * dropped connections: CHAIN_UNAVAILABLE), the chain's calls fail at once with the same 503 instead of each
 * waiting RPC_TIMEOUT_MS. After `openMs` one call is let through as a trial (so is the background recheck,
 * through `tryAgain`); its answer closes the breaker, its failure opens it again. Answers that came back wrong
 * (RPC_ERROR) or carry a JSON-RPC error are answers: the node is there, and they do not count.
 */
import { AppError } from '@/server/errors';
import type { RpcTransport } from './json-rpc';
import type { ChainId } from './registry';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  chain: ChainId;
  /** Consecutive unanswered calls that open the breaker. */
  failures: number;
  /** How long an open breaker refuses calls before it lets one through. */
  openMs: number;
  now?: () => number;
  /** Each call's time, in seconds, by method (`batch` for a batch). */
  onDuration?: (chain: ChainId, method: string, seconds: number) => void;
}

export interface CircuitBreaker {
  state(): BreakerState;
  /** Lets the next call through as a trial now (the recheck is one), whatever time is left open. */
  tryAgain(): void;
  /** The transport with every call going through this breaker (several transports may share one). */
  guard(transport: RpcTransport): RpcTransport;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failuresInRow = 0;
  let openUntil: number | undefined;
  let trialRunning = false;

  const state = (): BreakerState => {
    if (openUntil === undefined) return 'closed';
    return now() >= openUntil ? 'half-open' : 'open';
  };

  /** Whether this call may go out, and whether it is the trial of a half-open breaker. */
  function admit(): { trial: boolean } {
    const current = state();
    if (current === 'closed') return { trial: false };
    if (current === 'half-open' && !trialRunning) {
      trialRunning = true;
      return { trial: true };
    }
    const seconds = Math.max(1, Math.ceil(((openUntil ?? now()) - now()) / 1000));
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      `${options.chain} RPC is unreachable: its last ${options.failures} calls found no node answering. Try again in ${seconds} s.`,
      { retryAfterSeconds: seconds },
    );
  }

  function settle(trial: boolean, error: unknown): void {
    if (trial) trialRunning = false;
    const unanswered = error instanceof AppError && error.code === 'CHAIN_UNAVAILABLE';
    if (!unanswered) {
      failuresInRow = 0;
      openUntil = undefined;
      return;
    }
    failuresInRow += 1;
    if (trial || failuresInRow >= options.failures) openUntil = now() + options.openMs;
  }

  async function through<T>(method: string, call: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const { trial } = admit();
    const started = performance.now();
    try {
      const value = await call();
      settle(trial, undefined);
      return value;
    } catch (error) {
      // A call its caller gave up on says nothing about the chain.
      if (signal?.aborted) {
        if (trial) trialRunning = false;
      } else {
        settle(trial, error);
      }
      throw error;
    } finally {
      options.onDuration?.(options.chain, method, (performance.now() - started) / 1000);
    }
  }

  return {
    state,
    tryAgain() {
      if (openUntil !== undefined && !trialRunning) openUntil = now();
    },
    guard(transport) {
      // No RPC configured: nothing to guard, the transport refuses every call at once already.
      if (transport.urls.length === 0) return transport;
      return {
        chain: transport.chain,
        urls: transport.urls,
        request: (method, params, call) => through(method, () => transport.request(method, params, call), call?.signal),
        requestBatch: (calls, call) => through('batch', () => transport.requestBatch(calls, call), call?.signal),
      };
    },
  };
}
