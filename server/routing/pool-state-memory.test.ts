import { describe, expect, it } from 'vitest';
import type { PoolState } from './amm/pool-state';
import { createPoolStateMemory, rememberStates, routesOn, statesRemembered } from './pool-state-memory';
import type { RouteLeg } from './route-types';

const state = (reserve: bigint): PoolState => ({ kind: 'constant-product', reserve0: reserve, reserve1: reserve, fee: 3000 }) as unknown as PoolState;

describe('pool state memory', () => {
  it('decodes an answer once per raw value and basis, and chooses routes once per trade on it', () => {
    const memory = createPoolStateMemory();
    let decoded = 0;
    const decode = () => {
      decoded++;
      return [state(1n)];
    };
    const layouts = {};
    const first = rememberStates(memory, 'memory-test|a', '0x01', layouts, decode, 1_000);
    const again = rememberStates(memory, 'memory-test|a', '0x01', layouts, decode, 2_000);
    expect(decoded).toBe(1);
    expect(again).toBe(first);

    let chosen = 0;
    const routes: RouteLeg[][] = [];
    const choose = () => {
      chosen++;
      return routes;
    };
    expect(routesOn(first, '100|7', choose)).toBe(routes);
    expect(routesOn(again, '100|7', choose)).toBe(routes);
    expect(chosen).toBe(1);
    routesOn(first, '200|7', choose);
    expect(chosen).toBe(2);

    const moved = rememberStates(memory, 'memory-test|a', '0x02', layouts, decode, 3_000);
    expect(decoded).toBe(2);
    routesOn(moved, '100|7', choose);
    expect(chosen).toBe(3);

    rememberStates(memory, 'memory-test|a', '0x02', {}, decode, 4_000);
    expect(decoded).toBe(3);
  });

  it('serves a state for a minute after it was last seen', () => {
    const memory = createPoolStateMemory();
    rememberStates(memory, 'memory-test|b', '0x01', {}, () => [state(1n)], 10_000);
    expect(statesRemembered(memory, 'memory-test|b', 70_000)).toBeDefined();
    expect(statesRemembered(memory, 'memory-test|b', 70_001)).toBeUndefined();
  });
});
