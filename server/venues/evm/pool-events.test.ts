/** Each venue event a pool-state copy follows, logged as the contracts log it, read into its update. */
import { encodeAbiParameters, encodeEventTopics, parseAbiItem, type AbiEvent, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { POOL_EVENT_TOPICS, poolEventOf } from './pool-events';

const POOL = '0x00000000000000000000000000000000000000a1';
const TOKEN = '0x00000000000000000000000000000000000000b2';
const ID: Hex = `0x${'ab'.repeat(32)}`;

/** A log of `signature` with `args`, indexed ones in topics, the rest ABI-encoded in data, as the EVM logs it. */
function logOf(signature: string, args: Record<string, unknown>) {
  const event = parseAbiItem(signature) as AbiEvent;
  const topics = encodeEventTopics({ abi: [event], args });
  const unindexed = event.inputs.filter((input) => !input.indexed);
  return {
    address: POOL.toUpperCase().replace('0X', '0x'),
    topics: topics as Hex[],
    data: encodeAbiParameters(
      unindexed,
      unindexed.map((input) => args[input.name!]),
    ),
  };
}

describe('pool events', () => {
  it("reads V2's Sync as new reserves", () => {
    expect(poolEventOf(logOf('event Sync(uint112 reserve0, uint112 reserve1)', { reserve0: 5n, reserve1: 7n }))).toEqual({
      address: POOL,
      update: { kind: 'reserves', reserve0: 5n, reserve1: 7n },
    });
  });

  it("reads Uniswap V3's and PancakeSwap V3's swaps alike, and Mint and Burn as liquidity over their range", () => {
    const swap = { sender: TOKEN, recipient: TOKEN, amount0: -3n, amount1: 4n, sqrtPriceX96: 2n ** 96n, liquidity: 10n ** 18n, tick: -120 };
    const update = { kind: 'swap', sqrtPriceX96: 2n ** 96n, liquidity: 10n ** 18n, tick: -120 };
    const v3 =
      'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)';
    const pancake =
      'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)';
    expect(poolEventOf(logOf(v3, swap))?.update).toEqual(update);
    expect(poolEventOf(logOf(pancake, { ...swap, protocolFeesToken0: 1n, protocolFeesToken1: 2n }))?.update).toEqual(update);
    const range = { tickLower: -600, tickUpper: 600, amount: 99n, amount0: 1n, amount1: 1n };
    const mint =
      'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)';
    const burn = 'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)';
    expect(poolEventOf(logOf(mint, { sender: TOKEN, owner: TOKEN, ...range }))?.update).toEqual({
      kind: 'liquidity',
      tickLower: -600,
      tickUpper: 600,
      delta: 99n,
    });
    expect(poolEventOf(logOf(burn, { owner: TOKEN, ...range }))?.update).toEqual({ kind: 'liquidity', tickLower: -600, tickUpper: 600, delta: -99n });
  });

  it("reads V4's events with the pool id they are about", () => {
    const modify = 'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)';
    expect(poolEventOf(logOf(modify, { id: ID, sender: TOKEN, tickLower: -60, tickUpper: 60, liquidityDelta: -5n, salt: ID }))).toEqual({
      address: POOL,
      id: ID,
      update: { kind: 'liquidity', tickLower: -60, tickUpper: 60, delta: -5n },
    });
    const swap =
      'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)';
    const swapped = poolEventOf(logOf(swap, { id: ID, sender: TOKEN, amount0: 1n, amount1: -1n, sqrtPriceX96: 3n, liquidity: 4n, tick: 5, fee: 3000 }));
    expect(swapped).toEqual({ address: POOL, id: ID, update: { kind: 'swap', sqrtPriceX96: 3n, liquidity: 4n, tick: 5 } });
  });

  it("reads the launchpad's trades and graduation; any other log is no update", () => {
    const buy = 'event Buy(address indexed token, address indexed trader, uint256 amountIn, uint256 amountOut)';
    expect(poolEventOf(logOf(buy, { token: TOKEN, trader: TOKEN, amountIn: 10n, amountOut: 20n }))?.update).toEqual({
      kind: 'curve-trade',
      token: TOKEN,
      buy: true,
      amountIn: 10n,
      amountOut: 20n,
    });
    const transfer = logOf('event Transfer(address indexed from, address indexed to, uint256 value)', { from: TOKEN, to: TOKEN, value: 1n });
    expect(poolEventOf(transfer)).toBeUndefined();
    expect(POOL_EVENT_TOPICS).not.toContain(transfer.topics[0]);
    expect(POOL_EVENT_TOPICS).toHaveLength(11);
  });
});
