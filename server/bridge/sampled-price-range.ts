/**
 * A native coin's USD range where the chain offers no history to read (SOL: its price comes from the route
 * source, the local maker or Jupiter): the spot prices this process read over a recent window, kept as
 * samples. The solver samples every round (at most every `sampleEveryMs`), so a price pushed just before a
 * quote meets the prices read before the push: one swap cannot move the range in the user's favour unless the
 * price stayed pushed for the whole window. Right after a start there are no samples yet, and the range is
 * the spot price alone until the first rounds have run.
 */
import type { NativeUsdRange } from './bridge-chain';

export interface SampledRange {
  /** The range now: the spot price read now, and the samples of the window. */
  range: () => Promise<NativeUsdRange>;
  /** Reads and keeps a sample unless one was kept less than `sampleEveryMs` ago (the solver's rounds call it). */
  sample: () => Promise<void>;
}

export interface SampledRangeOptions {
  windowMs: number;
  sampleEveryMs: number;
  now?: () => number;
}

/** Ten minutes of samples, one every ten seconds at most: 60 numbers per chain. */
export const DEFAULT_SAMPLING: SampledRangeOptions = { windowMs: 10 * 60_000, sampleEveryMs: 10_000 };

export function sampledRange(read: () => Promise<number>, options: SampledRangeOptions = DEFAULT_SAMPLING): SampledRange {
  const now = options.now ?? Date.now;
  const samples: { at: number; usd: number }[] = [];
  const keep = (usd: number) => {
    const at = now();
    while (samples.length > 0 && at - samples[0]!.at > options.windowMs) samples.shift();
    const last = samples.at(-1);
    if (usd > 0 && (!last || at - last.at >= options.sampleEveryMs)) samples.push({ at, usd });
  };
  return {
    async range() {
      const spot = await read();
      keep(spot);
      const prices = [spot, ...samples.map((entry) => entry.usd)].filter((usd) => usd > 0);
      if (prices.length === 0) return { spot, low: spot, high: spot };
      return { spot, low: Math.min(...prices), high: Math.max(...prices) };
    },
    async sample() {
      const last = samples.at(-1);
      if (last && now() - last.at < options.sampleEveryMs) return;
      keep(await read());
    },
  };
}
