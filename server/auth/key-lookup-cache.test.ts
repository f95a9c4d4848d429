import { describe, expect, it } from 'vitest';
import { KEY_RECHECK_MS, rememberKeyLookups } from './key-lookup-cache';

function store() {
  const active = new Map<string, { id: string }>([['h1', { id: 'k1' }]]);
  let reads = 0;
  return {
    active,
    reads: () => reads,
    find: async (hash: string) => {
      reads += 1;
      return active.get(hash);
    },
  };
}

describe('remembered key lookups', () => {
  it('reads a key in use at most once per recheck interval', async () => {
    const keys = store();
    let now = 0;
    const find = rememberKeyLookups(keys.find, () => now);
    for (let i = 0; i < 50; i++) expect(await find('h1')).toEqual({ id: 'k1' });
    expect(keys.reads()).toBe(1);
    now = KEY_RECHECK_MS;
    await find('h1');
    expect(keys.reads()).toBe(2);
  });

  it('a revoked key stops working once the interval has passed', async () => {
    const keys = store();
    let now = 0;
    const find = rememberKeyLookups(keys.find, () => now);
    await find('h1');
    keys.active.delete('h1');
    now = KEY_RECHECK_MS - 1;
    expect(await find('h1')).toEqual({ id: 'k1' });
    now = KEY_RECHECK_MS;
    expect(await find('h1')).toBeUndefined();
    now += 1;
    expect(await find('h1')).toBeUndefined();
  });

  it('never remembers an unknown key, and concurrent lookups of one key share one read', async () => {
    const keys = store();
    const find = rememberKeyLookups(keys.find, () => 0);
    await find('nope');
    await find('nope');
    expect(keys.reads()).toBe(2);
    await Promise.all([find('h1'), find('h1'), find('h1')]);
    expect(keys.reads()).toBe(3);
  });
});
