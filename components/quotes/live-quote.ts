/**
 * What the swap and bridge forms share about a live quote: how long it is shown before a fresh one replaces
 * it, the react-query options that refresh it then (and hold it while a transaction is in flight), and the
 * countdown shown next to it.
 */

const MIN_LIFETIME_MS = 5_000;
/** A quote is replaced at least this often, so its rate never drifts far from the prices. */
const MAX_QUOTE_LIFETIME_MS = 30_000;

/**
 * Until its expiry (when the server gives one), measured from when it arrived so a browser clock that
 * disagrees with the server's cannot make it refresh in a loop, and at most 30 s.
 */
export function quoteLifetimeMs(expiresAt: number | undefined, receivedAt: number): number {
  if (expiresAt === undefined) return MAX_QUOTE_LIFETIME_MS;
  return Math.min(MAX_QUOTE_LIFETIME_MS, Math.max(MIN_LIFETIME_MS, expiresAt - receivedAt));
}

/** react-query options for a quote that refreshes itself when it runs out, unless `paused`. */
export function liveQuoteOptions<T>(expiresAtOf: (data: T) => number | undefined, paused: boolean) {
  return {
    retry: false,
    staleTime: 0,
    gcTime: MAX_QUOTE_LIFETIME_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (current: { state: { data: T | undefined; dataUpdatedAt: number } }): number | false => {
      const data = current.state.data;
      if (paused || !data) return false;
      const deadline = current.state.dataUpdatedAt + quoteLifetimeMs(expiresAtOf(data), current.state.dataUpdatedAt);
      return Math.max(1_000, deadline - Date.now());
    },
  } as const;
}

/** Seconds left and the whole lifetime, for the countdown; `now` ticks once a second and may predate the quote. */
export function quoteCountdown(expiresAt: number | undefined, receivedAt: number | undefined, now: number) {
  if (receivedAt === undefined) return { secondsLeft: undefined, lifetimeSeconds: undefined };
  const lifetime = quoteLifetimeMs(expiresAt, receivedAt);
  const deadline = receivedAt + lifetime;
  return {
    secondsLeft: Math.min(Math.round(lifetime / 1_000), Math.max(0, Math.ceil((deadline - now) / 1_000))),
    lifetimeSeconds: Math.round(lifetime / 1_000),
  };
}
