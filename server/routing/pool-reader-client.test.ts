import { encodeFunctionResult, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { decodePoolStates, tickLayouts } from './pool-reader-client';

const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const NO_ID = `0x${'0'.repeat(64)}` as const;
const pool = (fee: number): RoutablePool => ({
  venue: 'UNISWAP_V3',
  address: address(9),
  id: NO_ID,
  token0: address(1),
  token1: address(2),
  fee,
  tickSpacing: 10,
});
const Q96 = 2n ** 96n;

type Read = {
  ok: boolean;
  reserve0: bigint;
  reserve1: bigint;
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  ticks: number[];
  liquidityNets: bigint[];
  liquidityGrosses: bigint[];
  lowestReadTick: number;
  highestReadTick: number;
  raisedNative: bigint;
  protocolFee: number;
};
const empty: Read = {
  ok: true,
  reserve0: 0n,
  reserve1: 0n,
  sqrtPriceX96: 0n,
  tick: 0,
  liquidity: 0n,
  ticks: [],
  liquidityNets: [],
  liquidityGrosses: [],
  lowestReadTick: 0,
  highestReadTick: 0,
  raisedNative: 0n,
  protocolFee: 0,
};

/** The reader's answer, encoded through its ABI as the node returns it. */
function answer(reads: Read[]) {
  return encodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', result: reads });
}

describe('decodePoolStates', () => {
  it('reads a pair as constant-product reserves with the pool fee, and drops an empty or unreadable one', () => {
    const raw = answer([
      { ...empty, reserve0: 1000n, reserve1: 2000n },
      { ...empty, reserve0: 1000n },
      { ...empty, ok: false, reserve0: 5n, reserve1: 5n },
    ]);
    const states = decodePoolStates([pool(3000), pool(3000), pool(3000)], raw);
    expect(states).toEqual([{ kind: 'constant-product', reserve0: 1000, reserve1: 2000, fee: 3000 }, undefined, undefined]);
  });

  it('reads a concentrated pool with its ticks, or with the layout read before when this read has none', () => {
    const withTicks = {
      ...empty,
      sqrtPriceX96: 2n * Q96,
      tick: 13_863,
      liquidity: 500n,
      ticks: [-60, 60],
      liquidityNets: [500n, -500n],
      liquidityGrosses: [500n, 500n],
      lowestReadTick: -12_000,
      highestReadTick: 12_000,
    };
    const [state] = decodePoolStates([pool(500)], answer([withTicks]));
    expect(state).toEqual({
      kind: 'concentrated',
      sqrtPrice: 2,
      tick: 13_863,
      liquidity: 500,
      fee: 500,
      ticks: [
        { tick: -60, liquidityNet: 500 },
        { tick: 60, liquidityNet: -500 },
      ],
      lowestReadTick: -12_000,
      highestReadTick: 12_000,
    });
    const layouts = tickLayouts([state, undefined]);
    expect(layouts[1]).toBeUndefined();
    const [again] = decodePoolStates([pool(500)], answer([{ ...withTicks, liquidity: 700n, ticks: [], liquidityNets: [], liquidityGrosses: [] }]), layouts);
    expect(again).toMatchObject({ liquidity: 700, ticks: layouts[0]!.ticks, lowestReadTick: -12_000 });
  });

  it("takes a V4 pool's protocol fee into its swap fee, the larger way where it differs by direction", () => {
    const v4: RoutablePool = { ...pool(3000), venue: 'UNISWAP_V4' };
    const price = { ...empty, sqrtPriceX96: Q96 };
    // 1000 pips each way on 3000: 1000 + 3000 − 3 = 3997; 500 one way and 1000 the other: the 1000 way.
    const [both, oneWay, none] = decodePoolStates(
      [v4, v4, v4],
      answer([{ ...price, protocolFee: (1000 << 12) | 1000 }, { ...price, protocolFee: (1000 << 12) | 500 }, price]),
    );
    expect([both?.fee, oneWay?.fee, none?.fee]).toEqual([3997, 3997, 3000]);
  });
});
