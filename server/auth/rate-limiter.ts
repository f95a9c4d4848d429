/**
 * Fixed-window rate limiting over the store, so the limit holds across every app instance sharing it.
 */

export interface RateLimitStore {
  hit(bucket: string, windowStart: number): Promise<number>;
  prune(olderThan: number): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

export const RATE_WINDOW_MS = 60_000;

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now) {
  let lastPrune = 0;
  return {
    async check(bucket: string, limitPerMinute: number): Promise<RateLimitDecision> {
      const at = now();
      const windowStart = at - (at % RATE_WINDOW_MS);
      const count = await store.hit(bucket, windowStart);
      if (at - lastPrune > 10 * RATE_WINDOW_MS) {
        lastPrune = at;
        void store.prune(windowStart - RATE_WINDOW_MS).catch(() => undefined);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - at) / 1000));
      return {
        allowed: count <= limitPerMinute,
        limit: limitPerMinute,
        remaining: Math.max(0, limitPerMinute - count),
        retryAfterSeconds,
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
