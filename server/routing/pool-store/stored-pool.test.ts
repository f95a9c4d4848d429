import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ExactConcentratedState, ExactCurveState } from '@/server/routing/exact/exact-state';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { applyUpdate, keyOfEvent, keyOfPool, poolKey, type StoredPool } from './stored-pool';
import { UndoJournal } from './undo-journal';

const address = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const NO_ID: Hex = `0x${'0'.repeat(64)}`;
const pool = (venue: RoutablePool['venue'], id: Hex = NO_ID): RoutablePool => ({
  venue,
  address: address(9),
  id,
  token0: address(1),
  token1: address(2),
  fee: 3000,
  tickSpacing: 60,
});

const concentrated: ExactConcentratedState = {
  kind: 'concentrated',
  engine: 'v3',
  sqrtPriceX96: 2n ** 96n,
  tick: 0,
  liquidity: 1000n,
  fee: 3000,
  tickSpacing: 60,
  ticks: [
    { tick: -120, liquidityNet: 1000n },
    { tick: 120, liquidityNet: -1000n },
  ],
  lowestReadTick: -15_360,
  highestReadTick: 15_359,
};
const v3Entry: StoredPool = {
  pool: pool('UNISWAP_V3'),
  state: concentrated,
  liquidityGross: new Map([
    [-120, 1000n],
    [120, 1000n],
  ]),
};

const stateOf = (applied: ReturnType<typeof applyUpdate>) => {
  if (!applied || applied === 'gone') throw new Error(`not applied: ${applied}`);
  return applied;
};

describe('applyUpdate', () => {
  it('sets a pair’s reserves from Sync, and ignores updates of another kind of pool', () => {
    const pair: StoredPool = {
      pool: pool('UNISWAP_V2'),
      state: { kind: 'constant-product', reserve0: 10n, reserve1: 20n, fee: 3000 },
      liquidityGross: new Map(),
    };
    expect(stateOf(applyUpdate(pair, { kind: 'reserves', reserve0: 11n, reserve1: 19n })).state).toEqual({ ...pair.state, reserve0: 11n, reserve1: 19n });
    expect(applyUpdate(pair, { kind: 'swap', sqrtPriceX96: 1n, liquidity: 1n, tick: 0 })).toBeUndefined();
    expect(applyUpdate(v3Entry, { kind: 'reserves', reserve0: 1n, reserve1: 1n })).toBeUndefined();
  });

  it('takes a swap’s price, tick and active liquidity, and leaves the ticks', () => {
    const after = stateOf(applyUpdate(v3Entry, { kind: 'swap', sqrtPriceX96: 3n * 2n ** 95n, liquidity: 900n, tick: 4054 }));
    expect(after.state).toEqual({ ...concentrated, sqrtPriceX96: 3n * 2n ** 95n, liquidity: 900n, tick: 4054 });
    expect(after.liquidityGross).toBe(v3Entry.liquidityGross);
    expect(v3Entry.state).toBe(concentrated);
  });

  it('adds liquidity over a range: nets and grosses at both ends, new ticks in order, active liquidity when in range', () => {
    const added = stateOf(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: -60, tickUpper: 120, delta: 500n }));
    expect(added.state).toMatchObject({
      liquidity: 1500n,
      ticks: [
        { tick: -120, liquidityNet: 1000n },
        { tick: -60, liquidityNet: 500n },
        { tick: 120, liquidityNet: -1500n },
      ],
    });
    expect([...added.liquidityGross]).toEqual([
      [-120, 1000n],
      [120, 1500n],
      [-60, 500n],
    ]);
    // Above the price: the active liquidity stays; the upper end is exclusive (tick 0 = tickUpper is out).
    const above = stateOf(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: -60, tickUpper: 0, delta: 7n }));
    expect(above.state).toMatchObject({ liquidity: 1000n });
    const fromPrice = stateOf(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: 0, tickUpper: 60, delta: 7n }));
    expect(fromPrice.state).toMatchObject({ liquidity: 1007n });
  });

  it('keeps a tick whose net reaches 0 while its gross is not, and drops it when the gross reaches 0', () => {
    // A second position from 120 up: tick 120's net goes to 0, its gross to 2000; it stays initialized.
    const stacked = stateOf(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: 120, tickUpper: 240, delta: 1000n }));
    expect((stacked.state as ExactConcentratedState).ticks).toContainEqual({ tick: 120, liquidityNet: 0n });
    expect(stacked.liquidityGross.get(120)).toBe(2000n);
    // The first position burnt whole: -120 goes, 120 stays (the second position still references it).
    const burnt = stateOf(applyUpdate(stacked, { kind: 'liquidity', tickLower: -120, tickUpper: 120, delta: -1000n }));
    expect(burnt.state).toMatchObject({
      liquidity: 0n,
      ticks: [
        { tick: 120, liquidityNet: 1000n },
        { tick: 240, liquidityNet: -1000n },
      ],
    });
    expect(burnt.liquidityGross.has(-120)).toBe(false);
  });

  it('tracks no tick outside the read range, and changes nothing for a zero delta', () => {
    const wide = stateOf(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: -60_000, tickUpper: 60_000, delta: 5n }));
    expect(wide.state).toMatchObject({ liquidity: 1005n, ticks: concentrated.ticks, lowestReadTick: -15_360, highestReadTick: 15_359 });
    expect(applyUpdate(v3Entry, { kind: 'liquidity', tickLower: -60, tickUpper: 60, delta: 0n })).toBeUndefined();
  });

  it('books curve buys and sells as the launchpad does, and a graduation removes the curve', () => {
    const curve: ExactCurveState = { kind: 'curve', reserve0: 1000n, reserve1: 5000n, fee: 10_000, nativeIsToken0: true, raisedNative: 100n };
    const entry: StoredPool = { pool: pool('LAUNCHPAD'), state: curve, liquidityGross: new Map() };
    const token = address(2);
    const bought = stateOf(applyUpdate(entry, { kind: 'curve-trade', token, buy: true, amountIn: 10n, amountOut: 40n }));
    expect(bought.state).toEqual({ ...curve, reserve0: 1010n, reserve1: 4960n, raisedNative: 110n });
    const sold = stateOf(applyUpdate(bought, { kind: 'curve-trade', token, buy: false, amountIn: 40n, amountOut: 9n }));
    expect(sold.state).toEqual({ ...curve, reserve0: 1001n, reserve1: 5000n, raisedNative: 101n });
    const tokenFirst = { ...entry, state: { ...curve, nativeIsToken0: false, raisedNative: undefined } };
    expect(stateOf(applyUpdate(tokenFirst, { kind: 'curve-trade', token, buy: true, amountIn: 10n, amountOut: 40n })).state).toMatchObject({
      reserve0: 960n,
      reserve1: 5010n,
      raisedNative: undefined,
    });
    expect(applyUpdate(entry, { kind: 'curve-closed', token })).toBe('gone');
  });
});

describe('pool keys', () => {
  it('name V2/V3 pools by address, V4 pools and curves by contract and id, as their events do', () => {
    const v4Id: Hex = `0x${'ab'.repeat(32)}`;
    expect(keyOfPool(pool('UNISWAP_V3'))).toBe(address(9));
    expect(keyOfPool(pool('UNISWAP_V4', v4Id))).toBe(`${address(9)}:${v4Id}`);
    expect(keyOfEvent({ address: address(9), id: v4Id, update: { kind: 'swap', sqrtPriceX96: 1n, liquidity: 1n, tick: 0 } })).toBe(
      keyOfPool(pool('UNISWAP_V4', v4Id)),
    );
    const token = '0x00000000000000000000000000000000000000AA' as Address;
    const curveId = `0x${'0'.repeat(24)}${token.slice(2).toLowerCase()}` as Hex;
    expect(keyOfEvent({ address: address(9), update: { kind: 'curve-closed', token } })).toBe(poolKey(address(9), curveId));
  });
});

describe('UndoJournal', () => {
  const entry = (reserve0: bigint): StoredPool => ({
    pool: pool('UNISWAP_V2'),
    state: { kind: 'constant-product', reserve0, reserve1: 1n, fee: 3000 },
    liquidityGross: new Map(),
  });

  it('rolls back to each pool’s entry before the first undone block, newest first', () => {
    const journal = new UndoJournal(64, 100n);
    journal.record(101n, 'a', entry(1n));
    journal.record(101n, 'a', entry(2n)); // the same block again: the first previous entry counts
    journal.record(102n, 'a', entry(3n));
    journal.record(102n, 'b', undefined);
    journal.record(103n, 'b', entry(9n));
    const restored = journal.rollBack(101n);
    expect([...restored.keys()].sort()).toEqual(['a', 'b']);
    expect(restored.get('a')).toEqual(entry(3n));
    expect(restored.get('b')).toBeUndefined();
    expect(journal.size).toBe(1);
    expect(journal.rollBack(100n).get('a')).toEqual(entry(1n));
  });

  it('keeps the follower’s window only, and knows which ancestors it can reach', () => {
    const journal = new UndoJournal(2, 100n);
    for (const block of [101n, 102n, 103n, 104n]) journal.record(block, 'a', entry(block));
    journal.prune(104n);
    expect(journal.size).toBe(2);
    expect(journal.reaches(102n)).toBe(true);
    expect(journal.reaches(101n)).toBe(false);
  });
});
