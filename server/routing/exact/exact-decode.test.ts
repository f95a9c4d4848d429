import { encodeFunctionResult, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { decodeExactPoolReads, decodeExactPoolStates, v4SwapFees } from './exact-decode';

const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const NO_ID: Hex = `0x${'0'.repeat(64)}`;
const pool = (venue: RoutablePool['venue'], fee = 3000): RoutablePool => ({
  venue,
  address: address(9),
  id: venue === 'LAUNCHPAD' ? `0x${'0'.repeat(24)}${address(2).slice(2)}` : NO_ID,
  token0: address(1),
  token1: address(2),
  fee,
  tickSpacing: 60,
});
const Q96 = 2n ** 96n;

const empty = {
  ok: true,
  reserve0: 0n,
  reserve1: 0n,
  sqrtPriceX96: 0n,
  tick: 0,
  liquidity: 0n,
  lowestReadTick: 0,
  highestReadTick: 0,
  ticks: [] as number[],
  liquidityNets: [] as bigint[],
  liquidityGrosses: [] as bigint[],
  raisedNative: 0n,
  protocolFee: 0,
};
type Read = typeof empty;
const answer = (reads: Read[]) => encodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', result: reads });

describe('decodeExactPoolReads', () => {
  it("keeps each read tick's gross liquidity beside the state", () => {
    const read = {
      ...empty,
      sqrtPriceX96: Q96,
      liquidity: 500n,
      ticks: [-60, 60],
      liquidityNets: [500n, 0n],
      liquidityGrosses: [500n, 1000n],
      lowestReadTick: -15_360,
      highestReadTick: 15_359,
    };
    const [decoded] = decodeExactPoolReads([pool('UNISWAP_V3')], answer([read]));
    expect(decoded?.liquidityGrosses).toEqual([500n, 1000n]);
    expect(decoded?.state).toMatchObject({
      ticks: [
        { tick: -60, liquidityNet: 500n },
        { tick: 60, liquidityNet: 0n },
      ],
    });
  });

  it("takes a curve's raised amount (a sell's cap) from the read", () => {
    const curve = { ...empty, reserve0: 5000n, reserve1: 1000n, raisedNative: 77n };
    expect(decodeExactPoolStates([pool('LAUNCHPAD', 10_000)], answer([curve]))[0]).toMatchObject({ kind: 'curve', raisedNative: 77n });
  });

  it("combines a V4 pool's protocol fee with its LP fee, and leaves out one whose protocol fee differs by direction", () => {
    expect(v4SwapFees(3000, (1000 << 12) | 500)).toEqual([3499, 3997]);
    const price = { ...empty, sqrtPriceX96: Q96 };
    const states = decodeExactPoolStates(
      [pool('UNISWAP_V4'), pool('UNISWAP_V4'), pool('UNISWAP_V4')],
      answer([price, { ...price, protocolFee: (1000 << 12) | 1000 }, { ...price, protocolFee: (1000 << 12) | 500 }]),
    );
    expect(states.map((state) => (state?.kind === 'concentrated' ? state.fee : state))).toEqual([3000, 3997, undefined]);
  });
});
