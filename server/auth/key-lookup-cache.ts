/**
 * API key lookups remembered for a moment. A request with a key would otherwise read the store before any
 * work; a key in use is read again at most once per `KEY_RECHECK_MS`, so a revoked key stops working within
 * that time on every instance, and at once on a key that has been idle that long. Unknown keys are never
 * remembered (a caller trying random keys cannot fill the memory), and at most `MAX_REMEMBERED` keys are.
 */
import { boundedCache } from '@/server/cache/bounded-cache';

export const KEY_RECHECK_MS = 1_000;
const MAX_REMEMBERED = 10_000;

interface Remembered<T> {
  record: T;
  checkedAt: number;
}

export function rememberKeyLookups<T>(
  find: (keyHash: string) => Promise<T | undefined>,
  now: () => number = Date.now,
): (keyHash: string) => Promise<T | undefined> {
  const remembered = boundedCache<string, Remembered<T>>({ name: 'api key lookups', max: MAX_REMEMBERED });
  const reading = new Map<string, Promise<T | undefined>>();

  async function read(keyHash: string): Promise<T | undefined> {
    const record = await find(keyHash);
    remembered.delete(keyHash);
    if (record === undefined) return undefined;
    remembered.set(keyHash, { record, checkedAt: now() });
    return record;
  }

  return (keyHash) => {
    const known = remembered.get(keyHash);
    if (known && now() - known.checkedAt < KEY_RECHECK_MS) return Promise.resolve(known.record);
    // One read per key at a time: concurrent requests with the same key share it.
    let pending = reading.get(keyHash);
    if (!pending) {
      pending = read(keyHash).finally(() => reading.delete(keyHash));
      reading.set(keyHash, pending);
    }
    return pending;
  };
}
