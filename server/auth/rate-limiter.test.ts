import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, PRUNE_EVERY_MS, batchSize, createRateLimiter, type RateLimitStore } from './rate-limiter';

/** The shared store of every instance: counts per bucket and window, and every addition it was sent. */
function memoryStore() {
  const counts = new Map<string, number>();
  const additions: number[] = [];
  const pruned: number[] = [];
  const store: RateLimitStore = {
    async add(bucket, windowStart, hits) {
      additions.push(hits);
      const key = `${bucket}@${windowStart}`;
      const next = (counts.get(key) ?? 0) + hits;
      counts.set(key, next);
      return next;
    },
    async prune(olderThan) {
      pruned.push(olderThan);
    },
  };
  return { store, additions, pruned, count: (bucket: string, windowStart: number) => counts.get(`${bucket}@${windowStart}`) ?? 0 };
}

/** Lets sends that already have their answer finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

async function admitted(limiter: ReturnType<typeof createRateLimiter>, bucket: string, limit: number, tries: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < tries; i++) {
    if ((await limiter.check(bucket, limit)).allowed) allowed += 1;
    await settle();
  }
  return allowed;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batch size', () => {
  it('is none under 200 a minute, then 1 % of the limit', () => {
    expect(batchSize(1)).toBe(0);
    expect(batchSize(199)).toBe(0);
    expect(batchSize(200)).toBe(2);
    expect(batchSize(1_099)).toBe(10);
  });
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

  it('counts what remains, hit by hit and in batches', async () => {
    const limiter = createRateLimiter(memoryStore().store, () => 60_000);
    expect((await limiter.check('small', 10)).remaining).toBe(9);
    expect((await limiter.check('small', 10)).remaining).toBe(8);
    for (let i = 0; i < 4; i++) await limiter.check('large', 1_000);
    expect(await limiter.check('large', 1_000)).toMatchObject({ allowed: true, limit: 1_000, remaining: 995, retryAfterSeconds: 60 });
  });

  it('a small limit is exact across instances: every hit is counted in the store', async () => {
    const shared = memoryStore();
    const now = () => 60_000;
    const [a, b] = [createRateLimiter(shared.store, now), createRateLimiter(shared.store, now)];
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await (i % 2 === 0 ? a : b).check('key', 4)).allowed);
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(shared.additions).toEqual([1, 1, 1, 1, 1]);
  });

  it('sends full batches far from the limit, then every hit once the next batch could reach it', async () => {
    const shared = memoryStore();
    const limiter = createRateLimiter(shared.store, () => 60_000);
    expect(await admitted(limiter, 'key', 1_005, 1_010)).toBe(1_005);
    // 99 batches of 10 (to 990); then 5 more held while 990 + 5 + a batch stays under 1,005, sent with the
    // 6th; then hit by hit.
    expect(shared.additions).toEqual([...Array<number>(99).fill(10), 6, ...Array<number>(9).fill(1)]);
    expect(shared.count('key', 60_000)).toBe(1_005);
  });

  it('unsent hits reach the store after the flush interval, in one addition', async () => {
    const shared = memoryStore();
    const limiter = createRateLimiter(shared.store, () => 60_000);
    await admitted(limiter, 'key', 10_000, 3);
    await vi.advanceTimersByTimeAsync(FLUSH_MS - 1);
    expect(shared.count('key', 60_000)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(shared.additions).toEqual([3]);
  });

  it('flush sends what is unsent at once and waits for every send', async () => {
    const answers: (() => void)[] = [];
    const added: number[] = [];
    const slow: RateLimitStore = {
      add: (_bucket, _start, hits) => new Promise((resolve) => answers.push(() => resolve(added.push(hits)))),
      prune: async () => {},
    };
    const limiter = createRateLimiter(slow, () => 60_000);
    for (let i = 0; i < 3; i++) await limiter.check('key', 10_000);
    let flushed = false;
    void limiter.flush().then(() => {
      flushed = true;
    });
    await settle();
    expect(answers).toHaveLength(1);
    expect(flushed).toBe(false);
    answers[0]!();
    await settle();
    expect(flushed).toBe(true);
    expect(added).toEqual([3]);
    await limiter.flush();
    expect(answers).toHaveLength(1);
  });

  it('while a batch is unconfirmed, the next hit waits for the store', async () => {
    const answers: (() => void)[] = [];
    let total = 0;
    const slow: RateLimitStore = {
      add: (_bucket, _start, hits) => new Promise((resolve) => answers.push(() => resolve((total += hits)))),
      prune: async () => {},
    };
    const limiter = createRateLimiter(slow, () => 60_000);
    for (let i = 0; i < 10; i++) expect((await limiter.check('key', 1_000)).allowed).toBe(true);
    expect(answers).toHaveLength(1);
    let eleventh: boolean | undefined;
    void limiter.check('key', 1_000).then((answer) => {
      eleventh = answer.allowed;
    });
    await settle();
    expect(answers).toHaveLength(2);
    expect(eleventh).toBeUndefined();
    for (const answer of answers) answer();
    await settle();
    expect(eleventh).toBe(true);
    expect(total).toBe(11);
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
    expect(await admitted(limiter, 'key', 2, 2)).toBe(2);
    expect(await admitted(limiter, 'key', 2, 10)).toBe(0);
    expect(shared.additions).toEqual([1, 1]);
    now = 120_000;
    expect((await limiter.check('key', 2)).allowed).toBe(true);
  });

  it('a hit counted hit by hit fails with the store; batched hits are admitted and their count retried later', async () => {
    const failing: RateLimitStore = { add: () => Promise.reject(new Error('store down')), prune: async () => {} };
    const limiter = createRateLimiter(failing, () => 60_000);
    await expect(limiter.check('key', 5)).rejects.toThrow('store down');
    expect((await limiter.check('busy', 10_000)).allowed).toBe(true);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    await expect(limiter.flush()).resolves.toBeUndefined();
  });

  it('a new window starts from nothing: hits left unsent in the one that ended are let go', async () => {
    const shared = memoryStore();
    let now = 60_000;
    const limiter = createRateLimiter(shared.store, () => now);
    await admitted(limiter, 'key', 10_000, 3);
    now = 120_000;
    expect((await limiter.check('key', 10_000)).remaining).toBe(9_999);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(shared.count('key', 60_000)).toBe(0);
    expect(shared.count('key', 120_000)).toBe(1);
  });

  it('every ten minutes it prunes the store and forgets buckets idle since an earlier window', async () => {
    const shared = memoryStore();
    let now = 30_000;
    const limiter = createRateLimiter(shared.store, () => now);
    await limiter.check('old', 5);
    await limiter.check('batched', 10_000);
    now = 600_000;
    await limiter.check('current', 5);
    now = 30_000 + PRUNE_EVERY_MS - 1;
    await limiter.check('current', 5);
    expect(shared.pruned).toEqual([]);
    expect(limiter.trackedBuckets()).toBe(3);
    now = 30_000 + PRUNE_EVERY_MS;
    await limiter.check('new', 5);
    expect(shared.pruned).toEqual([600_000 - 60_000]);
    // Kept: the buckets of the current window; gone: the others, with their unsent hits.
    expect(limiter.trackedBuckets()).toBe(2);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(shared.count('batched', 0)).toBe(0);
    now += 1_000;
    await limiter.check('new', 5);
    expect(shared.pruned).toHaveLength(1);
  });

  it('counts a longer window when a check names one, and the store keeps that window while it lasts', async () => {
    const shared = memoryStore();
    const HOUR = 3_600_000;
    let now = HOUR + 5 * 60_000;
    const limiter = createRateLimiter(shared.store, () => now);
    for (let i = 0; i < 3; i++) {
      expect((await limiter.check('hourly', 3, HOUR)).allowed).toBe(true);
      now += 10 * 60_000;
    }
    // Later minutes of the same hour still count the hits before them.
    expect(await limiter.check('hourly', 3, HOUR)).toMatchObject({ allowed: false, retryAfterSeconds: 25 * 60 });
    expect(shared.count('hourly', HOUR)).toBe(3);
    // The prune kept the hour's row (its start is before the current minute's) and forgets the ones before it.
    expect(shared.pruned.at(-1)).toBe(HOUR - 60_000);
    now = 2 * HOUR;
    expect((await limiter.check('hourly', 3, HOUR)).allowed).toBe(true);
  });
});
