/**
 * Fixed-window rate limiting over the store, so the limit holds across every app instance sharing it.
 *
 * Writing every hit to the database costs a statement per request, more than the work behind many requests.
 * So hits are counted in memory and added to the store in batches, and a batch is only used while the
 * window is far from its limit:
 * - A bucket whose limit is under `BATCH_MIN_LIMIT` is counted in the store hit by hit: exact across instances.
 * - Otherwise a batch is 1 % of the limit. An instance admits hits on its own while it holds fewer than a
 *   batch of hits the store has not confirmed, and the window's count as it last read it plus those hits
 *   plus one batch stays under the limit; it sends its hits when a batch is full or `FLUSH_MS` has passed,
 *   and reads the window's count back in the same statement.
 * - Nearer the limit every hit goes to the store and waits for the count, as below the batch limit.
 * An instance admits at most one batch beyond what the store confirmed, so the window can pass its limit by
 * at most one batch per instance (1 % of the limit each), and only when several instances reach it within
 * `FLUSH_MS`. Once the store's count is at the limit, the instance refuses locally until the window ends.
 */

export interface RateLimitStore {
  /** Adds `hits` to the window's count and returns the window's count including them. */
  add(bucket: string, windowStart: number, hits: number): Promise<number>;
  prune(olderThan: number): Promise<void>;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

export const RATE_WINDOW_MS = 60_000;
/** Limits below this are counted hit by hit. */
export const BATCH_MIN_LIMIT = 200;
/** Unsent hits go to the store at least this often. */
export const FLUSH_MS = 100;
/** Old windows are deleted from the store, and forgotten here, at most this often. */
export const PRUNE_EVERY_MS = 600_000;

interface Window {
  start: number;
  /** How long the window lasts (RATE_WINDOW_MS unless the check names another length). */
  length: number;
  /** The store's count for the window as last read (our sent hits included). */
  known: number;
  /** Hits admitted here and not yet sent. */
  unsent: number;
  /** Hits sent and not yet answered. */
  inFlight: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** Hits per batch for a limit; 0 where every hit goes to the store. */
export function batchSize(limitPerMinute: number): number {
  return limitPerMinute < BATCH_MIN_LIMIT ? 0 : Math.floor(limitPerMinute / 100);
}

/** What one limiter keeps: the windows it counts in, the sends in flight, when it last pruned. */
interface LimiterState {
  store: RateLimitStore;
  now: () => number;
  windows: Map<string, Window>;
  sending: Set<Promise<unknown>>;
  lastPrune: number;
  /** The longest window any check has used: the store keeps windows that long. */
  longestWindow: number;
}

function windowOf(state: LimiterState, bucket: string, start: number, length: number): Window {
  const current = state.windows.get(bucket);
  if (current?.start === start) return current;
  // A window that ended no longer limits anything: its unsent hits are let go with it.
  clearTimeout(current?.timer);
  const fresh: Window = { start, length, known: 0, unsent: 0, inFlight: 0 };
  state.windows.set(bucket, fresh);
  return fresh;
}

/** Sends the window's unsent hits (and `extra` more) and records the count the store answers. */
async function send(state: LimiterState, bucket: string, window: Window, extra: number): Promise<number> {
  const hits = window.unsent + extra;
  window.unsent = 0;
  window.inFlight += hits;
  clearTimeout(window.timer);
  window.timer = undefined;
  const adding = state.store.add(bucket, window.start, hits);
  state.sending.add(adding);
  try {
    const count = await adding;
    window.known = Math.max(window.known, count);
    return count;
  } finally {
    window.inFlight -= hits;
    state.sending.delete(adding);
  }
}

/** Sends in the background; a failure only delays the count (the next send or the window's end settles it). */
function sendBatch(state: LimiterState, bucket: string, window: Window): void {
  void send(state, bucket, window, 0).catch(() => undefined);
}

function sendSoon(state: LimiterState, bucket: string, window: Window): void {
  if (window.timer) return;
  window.timer = setTimeout(() => sendBatch(state, bucket, window), FLUSH_MS);
  window.timer.unref();
}

const windowStart = (at: number, length: number): number => at - (at % length);

function prune(state: LimiterState, at: number): void {
  if (at - state.lastPrune < PRUNE_EVERY_MS) return;
  state.lastPrune = at;
  // Buckets idle since an earlier window are dropped (their unsent hits no longer count, as at a window's
  // end), so one-off callers (sessions) do not pile up.
  for (const [bucket, window] of state.windows) {
    if (window.start >= windowStart(at, window.length)) continue;
    clearTimeout(window.timer);
    state.windows.delete(bucket);
  }
  // The store's rows carry no length: every row is kept until the longest window in use has moved past it.
  void state.store.prune(windowStart(at, state.longestWindow) - RATE_WINDOW_MS).catch(() => undefined);
}

function decision(allowed: boolean, limit: number, count: number, window: Window, at: number): RateLimitDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((window.start + window.length - at) / 1000)),
  };
}

async function check(state: LimiterState, bucket: string, limit: number, length: number): Promise<RateLimitDecision> {
  const at = state.now();
  state.longestWindow = Math.max(state.longestWindow, length);
  prune(state, at);
  const window = windowOf(state, bucket, windowStart(at, length), length);
  if (window.known >= limit) return decision(false, limit, window.known, window, at);
  const batch = batchSize(limit);
  const unconfirmed = window.unsent + window.inFlight;
  if (unconfirmed < batch && window.known + unconfirmed + batch < limit) {
    window.unsent += 1;
    if (window.unsent === batch) sendBatch(state, bucket, window);
    else sendSoon(state, bucket, window);
    return decision(true, limit, window.known + unconfirmed + 1, window, at);
  }
  const count = await send(state, bucket, window, 1);
  return decision(count <= limit, limit, count, window, at);
}

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now) {
  const state: LimiterState = { store, now, windows: new Map(), sending: new Set(), lastPrune: now(), longestWindow: RATE_WINDOW_MS };
  return {
    /**
     * Counts one hit in the bucket's window and says whether it is within `limit`. Windows last a minute
     * unless `windowMs` names another length (a whole divisor of a day, so windows line up on every instance).
     */
    check: (bucket: string, limit: number, windowMs = RATE_WINDOW_MS): Promise<RateLimitDecision> => check(state, bucket, limit, windowMs),

    /** Sends every unsent hit now and waits for every send (at shutdown, so an instance's last hits count). */
    async flush(): Promise<void> {
      for (const [bucket, window] of state.windows) if (window.unsent > 0) sendBatch(state, bucket, window);
      await Promise.allSettled([...state.sending]);
    },

    /** How many buckets are held in memory (the ones seen since the last prune). */
    trackedBuckets: (): number => state.windows.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
