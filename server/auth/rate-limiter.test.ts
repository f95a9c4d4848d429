import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimitStore } from './rate-limiter';

function memoryStore(): RateLimitStore {
  const counts = new Map<string, number>();
  return {
    async hit(bucket, windowStart) {
      const key = `${bucket}@${windowStart}`;
      const next = (counts.get(key) ?? 0) + 1;
      counts.set(key, next);
      return next;
    },
    async prune() {},
  };
}

describe('rate limiter', () => {
  it('allows the limit per window, then refuses with the seconds left in the window', async () => {
    let now = 120_000 + 15_000;
    const limiter = createRateLimiter(memoryStore(), () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.check('k', 3)).allowed).toBe(true);
    const refused = await limiter.check('k', 3);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect((await limiter.check('other', 3)).allowed).toBe(true);
    now = 180_000;
    expect((await limiter.check('k', 3)).allowed).toBe(true);
  });
});
