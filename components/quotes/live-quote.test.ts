import { describe, expect, it } from 'vitest';
import { liveQuoteOptions, quoteCountdown, quoteLifetimeMs } from './live-quote';

describe('live quote', () => {
  it('lives until its expiry, between 5 and 30 s, measured from its arrival', () => {
    expect(quoteLifetimeMs(undefined, 1_000)).toBe(30_000);
    expect(quoteLifetimeMs(1_000 + 12_000, 1_000)).toBe(12_000);
    expect(quoteLifetimeMs(1_000 + 120_000, 1_000)).toBe(30_000);
    // A browser clock ahead of the server's must not make it refresh in a loop.
    expect(quoteLifetimeMs(1_000 - 60_000, 1_000)).toBe(5_000);
  });

  it('refreshes when it runs out, never while paused or before it arrived', () => {
    const receivedAt = Date.now();
    const state = { state: { data: { expiresAt: receivedAt + 10_000 }, dataUpdatedAt: receivedAt } };
    const interval = liveQuoteOptions((data: { expiresAt: number }) => data.expiresAt, false).refetchInterval(state);
    expect(interval).toBeGreaterThan(9_000);
    expect(interval).toBeLessThanOrEqual(10_000);
    expect(liveQuoteOptions((data: { expiresAt: number }) => data.expiresAt, true).refetchInterval(state)).toBe(false);
    expect(liveQuoteOptions((data: { expiresAt: number }) => data.expiresAt, false).refetchInterval({ state: { data: undefined, dataUpdatedAt: 0 } })).toBe(
      false,
    );
  });

  it('counts down whole seconds, never more than the lifetime', () => {
    expect(quoteCountdown(undefined, undefined, 0)).toEqual({ secondsLeft: undefined, lifetimeSeconds: undefined });
    expect(quoteCountdown(20_000, 0, 4_500)).toEqual({ secondsLeft: 16, lifetimeSeconds: 20 });
    // `now` from before the quote arrived.
    expect(quoteCountdown(20_000, 0, -3_000)).toEqual({ secondsLeft: 20, lifetimeSeconds: 20 });
    expect(quoteCountdown(20_000, 0, 25_000)).toEqual({ secondsLeft: 0, lifetimeSeconds: 20 });
  });
});
