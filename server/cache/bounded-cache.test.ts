import { describe, expect, it } from 'vitest';
import { boundedCache, boundedCacheSizes, rememberPromise } from './bounded-cache';

describe('boundedCache', () => {
  it('keeps at most max entries, the least recently used making way', () => {
    const cache = boundedCache<string, number>({ name: 'test lru', max: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.get('a');
    cache.set('d', 1);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    for (let i = 0; i < 100; i += 1) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });

  it('serves nothing older than ttlMs, on the clock it is given', () => {
    let clock = 1_000;
    const cache = boundedCache<string, number>({ name: 'test ttl', max: 10, ttlMs: 100, now: () => clock });
    cache.set('a', 1);
    clock += 99;
    expect(cache.get('a')).toBe(1);
    clock += 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses limits that would not bound anything', () => {
    expect(() => boundedCache({ name: 'test zero', max: 0 })).toThrow();
    expect(() => boundedCache({ name: 'test zero ttl', max: 1, ttlMs: 0 })).toThrow();
  });

  it('is counted in the registry with its size and limit', () => {
    const cache = boundedCache<string, number>({ name: 'test registry', max: 5 });
    cache.set('a', 1);
    expect(boundedCacheSizes()).toContainEqual({ name: 'test registry', size: 1, max: 5 });
  });
});

describe('rememberPromise', () => {
  it('shares one read per key while it runs and keeps what it resolved to', async () => {
    const cache = boundedCache<string, Promise<number>>({ name: 'test promises', max: 10 });
    let reads = 0;
    const read = async () => (reads += 1);
    const [first, second] = await Promise.all([rememberPromise(cache, 'a', read), rememberPromise(cache, 'a', read)]);
    expect([first, second, await rememberPromise(cache, 'a', read)]).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('drops a rejected read, so the next caller reads again', async () => {
    const cache = boundedCache<string, Promise<number>>({ name: 'test rejections', max: 10 });
    await expect(rememberPromise(cache, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.has('a')).toBe(false);
    await expect(rememberPromise(cache, 'a', async () => 7)).resolves.toBe(7);
  });
});
