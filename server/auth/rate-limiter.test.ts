import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, batchSize, createRateLimiter, type RateLimitStore } from './rate-limiter';

/** The shared store of every instance: counts per bucket and window, and every addition it was sent. */
function memoryStore() {
  const counts = new Map<string, number>();
  const additions: number[] = [];
  const store: RateLimitStore = {
    async add(bucket, windowStart, hits) {
      additions.push(hits);
      const key = `${bucket}@${windowStart}`;
      const next = (counts.get(key) ?? 0) + hits;
      counts.set(key, next);
      return next;
    },
    async prune() {},
  };
  return { store, additions, count: (bucket: string, windowStart: number) => counts.get(`${bucket}@${windowStart}`) ?? 0 };
}

async function admitted(limiter: ReturnType<typeof createRateLimiter>, bucket: string, limit: number, tries: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < tries; i++) if ((await limiter.check(bucket, limit)).allowed) allowed += 1;
  return allowed;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rate limiter', () => {
  it('allows the limit per window, then refuses with the seconds left in the window', async () => {
    let now = 120_000 + 15_000;
    const limiter = createRateLimiter(memoryStore().store, () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.check('k', 3)).allowed).toBe(true);
    const refused = await limiter.check('k', 3);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect((await limiter.check('other', 3)).allowed).toBe(true);
    now = 180_000;
    expect((await limiter.check('k', 3)).allowed).toBe(true);
  });

  it('a small limit is exact across instances: every hit is counted in the store', async () => {
    const shared = memoryStore();
    const now = () => 60_000;
    const [a, b] = [createRateLimiter(shared.store, now), createRateLimiter(shared.store, now)];
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await (i % 2 === 0 ? a : b).check('key', 4)).allowed);
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(shared.additions.every((hits) => hits === 1)).toBe(true);
  });

  it('a large limit is counted in batches of 1 % far from the limit, so most requests write nothing', async () => {
    const shared = memoryStore();
    const limiter = createRateLimiter(shared.store, () => 60_000);
    expect(await admitted(limiter, 'key', 10_000, 1_000)).toBe(1_000);
    await limiter.flush();
    expect(shared.count('key', 60_000)).toBe(1_000);
    expect(shared.additions.length).toBeLessThanOrEqual(1_000 / batchSize(10_000) + 1);
  });

  it('unsent hits reach the store within the flush interval', async () => {
    const shared = memoryStore();
    const limiter = createRateLimiter(shared.store, () => 60_000);
    await admitted(limiter, 'key', 10_000, 3);
    expect(shared.count('key', 60_000)).toBe(0);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(shared.count('key', 60_000)).toBe(3);
  });

  it('near the limit every hit waits for the store: one instance never passes it', async () => {
    const shared = memoryStore();
    const limiter = createRateLimiter(shared.store, () => 60_000);
    expect(await admitted(limiter, 'key', 1_000, 1_500)).toBe(1_000);
    await limiter.flush();
    expect(shared.count('key', 60_000)).toBeLessThanOrEqual(1_001);
  });

  it('several instances pass a large limit by at most one batch each', async () => {
    const shared = memoryStore();
    const instances = Array.from({ length: 4 }, () => createRateLimiter(shared.store, () => 60_000));
    const limit = 2_000;
    let allowed = 0;
    // Interleaved, with flush timers never firing: the worst case for what each instance knows.
    for (let round = 0; round < 1_000; round++) {
      for (const instance of instances) if ((await instance.check('key', limit)).allowed) allowed += 1;
    }
    expect(allowed).toBeGreaterThanOrEqual(limit);
    expect(allowed).toBeLessThanOrEqual(limit + instances.length * batchSize(limit));
  });

  it('once the store says the window is full, refusals write nothing until it ends', async () => {
    const shared = memoryStore();
    let now = 60_000;
    const limiter = createRateLimiter(shared.store, () => now);
    await admitted(limiter, 'key', 2, 3);
    const written = shared.additions.length;
    expect(await admitted(limiter, 'key', 2, 10)).toBe(0);
    expect(shared.additions.length).toBe(written);
    now = 120_000;
    expect((await limiter.check('key', 2)).allowed).toBe(true);
  });

  it('a failing store refuses nothing silently: a hit counted hit by hit fails with it', async () => {
    const failing: RateLimitStore = { add: () => Promise.reject(new Error('store down')), prune: async () => {} };
    const limiter = createRateLimiter(failing, () => 60_000);
    await expect(limiter.check('key', 5)).rejects.toThrow('store down');
  });
});
