/**
 * Every in-process cache keyed by something a caller can name (a token, a pool, a mint, an API key) is one
 * of these: a least-recently-used map with a size limit, and optionally an age limit. A client asking about
 * millions of contracts then costs at most `max` entries per cache; the least recently used make way.
 *
 * Each cache has a name and is counted in a process-wide registry (held weakly, so a cache that is no
 * longer referenced goes with its owner), which tests and operators read through `boundedCacheSizes`.
 */
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions {
  /** What the cache holds, for the registry (`token decimals`, `solana mints`). */
  name: string;
  /** Entries kept at most. */
  max: number;
  /** An entry older than this is not served (and is dropped when met); none: kept until evicted. */
  ttlMs?: number;
  /** Milliseconds, the clock ages are measured on (tests move it). */
  now?: () => number;
}

/** Any value but null and undefined: what lru-cache takes as a key or a value. */
type Present = NonNullable<unknown>;

export interface BoundedCache<K extends Present, V extends Present> {
  readonly name: string;
  readonly max: number;
  readonly size: number;
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  keys(): IterableIterator<K>;
}

const registry = new Set<WeakRef<BoundedCache<Present, Present>>>();

export function boundedCache<K extends Present, V extends Present>(options: BoundedCacheOptions): BoundedCache<K, V> {
  if (!Number.isInteger(options.max) || options.max < 1) throw new Error(`cache ${options.name}: max must be a positive integer`);
  // lru-cache reads a ttl of 0 as "no age limit", the opposite of what a caller asking for 0 means.
  if (options.ttlMs !== undefined && !(options.ttlMs > 0)) throw new Error(`cache ${options.name}: ttlMs must be positive`);
  const entries = new LRUCache<K, { value: V; at: number }>({ max: options.max });
  const now = options.now ?? Date.now;
  const { ttlMs } = options;
  // Ages are kept here rather than by lru-cache's ttl: its clock is read once per tick and an entry there
  // lives through its last millisecond, where a caller means "older than ttlMs or as old is stale".
  const fresh = (key: K) => {
    const entry = entries.get(key);
    if (entry && ttlMs !== undefined && now() - entry.at >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const cache: BoundedCache<K, V> = {
    name: options.name,
    max: options.max,
    get size() {
      return entries.size;
    },
    get: (key) => fresh(key)?.value,
    has: (key) => fresh(key) !== undefined,
    set: (key, value) => {
      entries.set(key, { value, at: now() });
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
    keys: () => entries.keys(),
  };
  register(cache);
  return cache;
}

/**
 * The promise `read` gives for `key`, shared by every caller while it runs and kept once it resolves; a
 * rejected one is dropped, so the next caller reads again.
 */
export function rememberPromise<K extends Present, V>(cache: BoundedCache<K, Promise<V>>, key: K, read: () => Promise<V>): Promise<V> {
  const known = cache.get(key);
  if (known) return known;
  const reading = read();
  cache.set(key, reading);
  reading.catch(() => {
    if (cache.get(key) === reading) cache.delete(key);
  });
  return reading;
}

function register(cache: BoundedCache<Present, Present>): void {
  for (const ref of registry) if (!ref.deref()) registry.delete(ref);
  registry.add(new WeakRef(cache));
}

export interface BoundedCacheSize {
  name: string;
  size: number;
  max: number;
}

/** The size and limit of every live bounded cache in the process. */
export function boundedCacheSizes(): BoundedCacheSize[] {
  const sizes: BoundedCacheSize[] = [];
  for (const ref of registry) {
    const cache = ref.deref();
    if (cache) sizes.push({ name: cache.name, size: cache.size, max: cache.max });
    else registry.delete(ref);
  }
  return sizes;
}
