import { describe, expect, it } from 'vitest';
import type { EvmVenues } from '@/server/chains/chain-directory';
import { lensSearchVenue } from '@/server/venues/evm/venue-table';
import { lensVenues } from './lens-client';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

const venues = {
  wrappedNative: address(1),
  stable: { address: address(2), decimals: 6 },
  multicall3: address(3),
  connectors: [],
  uniswapV2Factory: address(10),
  uniswapV3Factory: address(11),
  quoterV2: address(12),
  uniswapV4PoolManager: address(13),
  pancakeV3Factory: address(14),
  pancakeV2Factory: address(15),
  launchpad: address(16),
} as unknown as EvmVenues;

describe("the QuoteLens' own search", () => {
  it('searches the V2 pairs of every V2-family venue with its own fee, and V3 pools where a QuoterV2 is deployed', () => {
    expect(lensVenues(venues).map(({ kind, factory, fees }) => ({ kind, factory, fees }))).toEqual([
      { kind: 0, factory: address(10), fees: [3000] },
      { kind: 1, factory: address(11), fees: [100, 500, 3000, 10000] },
      { kind: 0, factory: address(15), fees: [2500] },
    ]);
  });

  it('names the venue of a searched hop by its Router kind and fee', () => {
    expect(lensSearchVenue(0, 3000).id).toBe('UNISWAP_V2');
    expect(lensSearchVenue(0, 2500).id).toBe('PANCAKESWAP_V2');
    expect(lensSearchVenue(1, 500).id).toBe('UNISWAP_V3');
    expect(() => lensSearchVenue(7, 3000)).toThrow();
  });
});
