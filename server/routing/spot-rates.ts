/**
 * What one raw unit of a token is worth in every other token, by the best chain of spot prices (fees
 * included) over at most three pools: the scale of probe amounts and of gas in output units.
 */
import type { Address } from 'viem';
import { hopSpot, type PricedPool } from './route-graph';

const ROUNDS = 3;

/** Lower-cased token address → raw units of it per raw unit of `from` (1 for `from` itself). */
export function spotRates(pools: readonly PricedPool[], from: Address): Map<string, number> {
  const rates = new Map<string, number>([[from.toLowerCase(), 1]]);
  for (let round = 0; round < ROUNDS; round++) {
    let changed = false;
    for (const { pool, state } of pools) {
      const token0 = pool.token0.toLowerCase();
      const token1 = pool.token1.toLowerCase();
      for (const zeroForOne of [true, false]) {
        const [a, b] = zeroForOne ? [token0, token1] : [token1, token0];
        const rateA = rates.get(a);
        if (rateA === undefined) continue;
        const spot = hopSpot({ pool, state, tokenIn: a as Address, tokenOut: b as Address, zeroForOne });
        const through = rateA * spot;
        if (through > 0 && Number.isFinite(through) && through > (rates.get(b) ?? 0)) {
          rates.set(b, through);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return rates;
}
