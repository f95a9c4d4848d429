import { describe, expect, it } from 'vitest';
import { sampledRange } from './sampled-price-range';

function clockAndPrice(start: number) {
  const state = { now: 0, price: start };
  return { state, now: () => state.now, read: async () => state.price };
}

describe('sampledRange', () => {
  it('is the spot price alone until samples exist', async () => {
    const { read, now } = clockAndPrice(150);
    expect(await sampledRange(read, { windowMs: 600_000, sampleEveryMs: 10_000, now }).range()).toEqual({ spot: 150, low: 150, high: 150 });
  });

  it('bounds a price pushed after the samples by the prices read before it, both ways', async () => {
    const { state, read, now } = clockAndPrice(150);
    const range = sampledRange(read, { windowMs: 600_000, sampleEveryMs: 10_000, now });
    for (let second = 0; second < 60; second += 10) {
      state.now = second * 1_000;
      await range.sample();
    }
    state.price = 120;
    expect(await range.range()).toEqual({ spot: 120, low: 120, high: 150 });
    // Read within the interval of the last sample: not kept, so a later push upward still meets the samples.
    state.price = 180;
    state.now += 100;
    expect(await range.range()).toEqual({ spot: 180, low: 150, high: 180 });
  });

  it('samples at most once per interval, and forgets samples older than the window', async () => {
    const { state, read, now } = clockAndPrice(150);
    const range = sampledRange(read, { windowMs: 60_000, sampleEveryMs: 10_000, now });
    await range.sample();
    state.price = 100;
    state.now = 5_000;
    await range.sample();
    expect(await range.range()).toEqual({ spot: 100, low: 100, high: 150 });
    // The sample at 0 s is out of the window at 70 s.
    state.now = 70_000;
    state.price = 110;
    expect(await range.range()).toEqual({ spot: 110, low: 110, high: 110 });
    state.now = 80_000;
    state.price = 130;
    expect(await range.range()).toEqual({ spot: 130, low: 110, high: 130 });
  });

  it('keeps no sample of a price that could not be read (0)', async () => {
    const { state, read, now } = clockAndPrice(0);
    const range = sampledRange(read, { windowMs: 60_000, sampleEveryMs: 1_000, now });
    await range.sample();
    state.price = 140;
    state.now = 2_000;
    expect(await range.range()).toEqual({ spot: 140, low: 140, high: 140 });
  });
});
