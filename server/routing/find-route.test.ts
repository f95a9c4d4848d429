import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { chooseCandidates, routeTokens, ZERO } from './find-route';
import type { PricedPool } from './route-graph';
import { TOTAL_SHARE } from './route-types';

const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const [WRAPPED, STABLE, TOKEN, CONNECTOR] = [address(1), address(2), address(3), address(4)];
const venues: EvmVenues = { wrappedNative: WRAPPED, stable: { address: STABLE, decimals: 6 }, multicall3: address(9), connectors: [CONNECTOR, WRAPPED] };

let nextPool = 100;
function pair(token0: Address, token1: Address, reserve0: number, reserve1: number): PricedPool {
  const pool: RoutablePool = { venue: 'UNISWAP_V2', address: address(nextPool++), id: `0x${'0'.repeat(64)}`, token0, token1, fee: 3000, tickSpacing: 60 };
  return { pool, state: { kind: 'constant-product', reserve0, reserve1, fee: 3000 } };
}

describe('routeTokens', () => {
  it('routes the native coin through its wrapped token and lists each connector once', () => {
    const tokens = routeTokens(venues, ZERO, TOKEN);
    expect(tokens.poolIn).toBe(WRAPPED);
    expect(tokens.poolOut).toBe(TOKEN);
    expect(tokens.intermediates).toEqual([WRAPPED, STABLE, CONNECTOR]);
    expect(tokens.tokens).toEqual([WRAPPED, TOKEN, STABLE, CONNECTOR]);
  });
});

describe('chooseCandidates', () => {
  const intermediates = [WRAPPED, STABLE];

  it('offers the split first and the best single path second when spreading pays for its gas', () => {
    const pools = [pair(WRAPPED, TOKEN, 1e21, 1e21), pair(WRAPPED, TOKEN, 1e21, 1e21)];
    const candidates = chooseCandidates(pools, WRAPPED, TOKEN, intermediates, 1e20, 1);
    expect(candidates).toHaveLength(2);
    const [split, single] = candidates;
    expect(split!.length).toBe(2);
    expect(split!.reduce((sum, leg) => sum + leg.share, 0)).toBe(TOTAL_SHARE);
    expect(single).toEqual([{ share: TOTAL_SHARE, hops: [expect.objectContaining({ venue: 'UNISWAP_V2', tokenIn: WRAPPED, tokenOut: TOKEN, fee: 3000 })] }]);
    // A V2 hop names no tick spacing: only venues whose hops need it (V4) pass the pool's.
    expect(single![0]!.hops[0]!.tickSpacing).toBe(0);
  });

  it('keeps to one path when a second leg costs more gas than it adds', () => {
    const pools = [pair(WRAPPED, TOKEN, 1e21, 1e21), pair(WRAPPED, TOKEN, 1e21, 1e21)];
    const candidates = chooseCandidates(pools, WRAPPED, TOKEN, intermediates, 1e15, 1e9);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toHaveLength(1);
  });

  it('goes through an intermediate when no pool joins the two tokens, and finds nothing without one', () => {
    const pools = [pair(WRAPPED, STABLE, 1e21, 3e12), pair(STABLE, TOKEN, 3e12, 1e21)];
    const [single] = chooseCandidates(pools, WRAPPED, TOKEN, intermediates, 1e18, 1);
    expect(single![0]!.hops.map((hop) => [hop.tokenIn, hop.tokenOut])).toEqual([
      [WRAPPED, STABLE],
      [STABLE, TOKEN],
    ]);
    expect(chooseCandidates(pools, WRAPPED, TOKEN, [WRAPPED], 1e18, 1)).toEqual([]);
  });
});
