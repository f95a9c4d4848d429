/** A rate-limit store in memory, counting hits per bucket and window as the database's does, for tests. */
import type { RateLimitStore } from '@/server/auth/rate-limiter';

export function memoryRateLimitStore(): RateLimitStore {
  const counts = new Map<string, number>();
  return {
    async add(bucket, windowStart, hits) {
      const key = `${bucket}@${windowStart}`;
      counts.set(key, (counts.get(key) ?? 0) + hits);
      return counts.get(key)!;
    },
    async prune() {},
  };
}
