import { describe, expect, it } from 'vitest';
import type { BridgeCensusRow } from '@/server/store/bridge-request-census';
import { bridgeRequestGauges } from './bridge-request-metrics';

describe('bridge request gauges', () => {
  it('give every phase a count and every open phase its oldest age, 0 where there is none', async () => {
    const census: BridgeCensusRow[] = [
      { phase: 'waiting', count: 4, oldestSeconds: null },
      { phase: 'confirming', count: 1, oldestSeconds: 12.4 },
      { phase: 'success', count: 9, oldestSeconds: null },
    ];
    const gauges = bridgeRequestGauges({ census: async () => census }, 5_000);
    expect(await gauges.byPhase()).toEqual(
      ['waiting', 'confirming', 'pending', 'refunding', 'success', 'refund', 'failure'].map((state) => ({
        labels: { state },
        value: { waiting: 4, confirming: 1, success: 9 }[state] ?? 0,
      })),
    );
    expect(await gauges.oldestAge()).toEqual([
      { labels: { state: 'confirming' }, value: 12 },
      { labels: { state: 'pending' }, value: 0 },
      { labels: { state: 'refunding' }, value: 0 },
    ]);
  });

  it('read storage once per interval for both gauges, and again after a failed read', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const gauges = bridgeRequestGauges(
      {
        census: async () => {
          reads += 1;
          if (fail) throw new Error('storage down');
          return [];
        },
      },
      5_000,
      () => now,
    );
    await gauges.byPhase();
    await gauges.oldestAge();
    now = 4_000;
    await gauges.byPhase();
    expect(reads).toBe(1);
    now = 6_000;
    fail = true;
    await expect(gauges.byPhase()).rejects.toThrow('storage down');
    fail = false;
    await gauges.byPhase();
    expect(reads).toBe(3);
  });
});
