import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { constantProductOut } from './amm/constant-product';
import { inputForOutput } from './input-estimate';
import type { PricedPool } from './route-graph';

const A = '0x000000000000000000000000000000000000000a' as Address;
const B = '0x000000000000000000000000000000000000000b' as Address;
const C = '0x000000000000000000000000000000000000000c' as Address;

let next = 1;
function pair(token0: Address, token1: Address, reserve0: number, reserve1: number): PricedPool {
  const address: Address = `0x${(next++).toString(16).padStart(40, '0')}`;
  const pool: RoutablePool = { venue: 'UNISWAP_V2', address, id: `0x${'00'.repeat(32)}`, token0, token1, fee: 3000, tickSpacing: 0 };
  return { pool, state: { kind: 'constant-product', reserve0, reserve1, fee: 3000 } };
}

describe('input estimate (inverse of the best path)', () => {
  it('finds the least input of one pair to within a raw unit of the closed form', () => {
    const pool = pair(A, B, 1e21, 2e21);
    const wanted = 1e20;
    const estimate = inputForOutput([pool], A, B, [], wanted)!;
    // V2's exact inverse: in = r0·out / ((r1 − out)·0.997).
    const closedForm = (1e21 * wanted) / ((2e21 - wanted) * 0.997);
    expect(Math.abs(Number(estimate) - closedForm)).toBeLessThan(closedForm * 1e-12 + 2);
    expect(constantProductOut(pool.state as never, Number(estimate), true)).toBeGreaterThanOrEqual(wanted * (1 - 1e-12));
    expect(constantProductOut(pool.state as never, Number(estimate) * 0.999, true)).toBeLessThan(wanted);
  });

  it('takes the cheaper of a direct pool and a path through a connector', () => {
    const direct = pair(A, B, 1e18, 1e18);
    const viaC = [pair(A, C, 1e22, 1e22), pair(C, B, 1e22, 1e22)];
    const estimate = inputForOutput([direct, ...viaC], A, B, [C], 5e17)!;
    // The shallow direct pool would want 1e18 (half its reserve for half the output); the deep path about 5.03e17.
    expect(Number(estimate)).toBeLessThan(5.1e17);
    expect(Number(estimate)).toBeGreaterThan(5e17);
  });

  it('answers undefined when no pool can deliver the amount or nothing connects the tokens', () => {
    expect(inputForOutput([pair(A, B, 1e18, 1e18)], A, B, [], 2e18)).toBeUndefined();
    expect(inputForOutput([pair(A, C, 1e18, 1e18)], A, B, [], 1e17)).toBeUndefined();
    expect(inputForOutput([], A, B, [], 1e17)).toBeUndefined();
  });
});
