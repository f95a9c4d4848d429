import { concat, encodeAbiParameters, encodeEventTopics, keccak256, numberToHex, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { DYNAMIC_FEE_FLAG, hopPoolId, positionsHold, readV4Pool, v4PoolCalls, v4PoolExists, v4PoolId } from './uniswap-v4-pools';

const NATIVE = '0x0000000000000000000000000000000000000000';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const MANAGER = '0x000000000004444c5dc75cB358380D2e3dE08A90';
/** Ethereum's ETH/USDC 0.05 % pool, as Uniswap's own explorers name it. */
const ETH_USDC_500 = '0x21c67e77068de97969ba93d4aab21826d33ca12bb9f565d8496e8fda8a82ca27';
const Q96 = 2n ** 96n;

describe('V4 pool ids', () => {
  it('are keccak256 of the pool key, as Uniswap names its pools', () => {
    expect(v4PoolId({ currency0: NATIVE, currency1: USDC, fee: 500, tickSpacing: 10, hooks: NATIVE })).toBe(ETH_USDC_500);
  });

  it('a route hop names its hookless pool whichever way it trades', () => {
    expect(hopPoolId({ tokenIn: USDC, tokenOut: NATIVE, fee: 500, tickSpacing: 10 })).toBe(ETH_USDC_500);
    expect(hopPoolId({ tokenIn: NATIVE, tokenOut: USDC, fee: 500, tickSpacing: 10 })).toBe(ETH_USDC_500);
  });
});

describe('positionsHold', () => {
  const sqrtPriceX96 = 2n * Q96; // token1 per token0 = 4
  const L = 10n ** 18n;

  it('a full-range position holds L/√p of currency0 and L·√p of currency1, like a constant-product pool', () => {
    const held = positionsHold(sqrtPriceX96, [{ tickLower: -887220, tickUpper: 887220, liquidity: L }]);
    expect(Number(held.amount0) / 5e17).toBeCloseTo(1, 9);
    expect(Number(held.amount1) / 2e18).toBeCloseTo(1, 9);
  });

  it('a range above the price holds currency0 only, one below it currency1 only', () => {
    const above = positionsHold(sqrtPriceX96, [{ tickLower: 20000, tickUpper: 30000, liquidity: L }]);
    expect(above.amount1).toBe(0n);
    expect(Number(above.amount0) / (1e18 * (1.0001 ** -10000 - 1.0001 ** -15000))).toBeCloseTo(1, 9);
    const below = positionsHold(sqrtPriceX96, [{ tickLower: -30000, tickUpper: 0, liquidity: L }]);
    expect(below.amount0).toBe(0n);
    expect(Number(below.amount1) / (1e18 * (1 - 1.0001 ** -15000))).toBeCloseTo(1, 9);
  });

  it('sums the changes to a range: liquidity removed holds nothing', () => {
    const range = { tickLower: -600, tickUpper: 600 };
    expect(
      positionsHold(sqrtPriceX96, [
        { ...range, liquidity: L },
        { ...range, liquidity: -L },
      ]),
    ).toEqual({ amount0: 0n, amount1: 0n });
    const twice = positionsHold(sqrtPriceX96, [
      { ...range, liquidity: L },
      { ...range, liquidity: L },
    ]);
    const once = positionsHold(sqrtPriceX96, [{ ...range, liquidity: 2n * L }]);
    expect(twice).toEqual(once);
  });

  it('an uninitialized price holds nothing', () => {
    expect(positionsHold(0n, [{ tickLower: -600, tickUpper: 600, liquidity: L }])).toEqual({ amount0: 0n, amount1: 0n });
  });
});

describe('readV4Pool', () => {
  const events = parseAbi([
    'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
    'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)',
  ]);
  const hooks = '0x00000000000000000000000000000000000000c0';
  const id = v4PoolId({ currency0: NATIVE, currency1: USDC, fee: DYNAMIC_FEE_FLAG, tickSpacing: 60, hooks });
  const slot0 = (sqrtPriceX96: bigint, lpFee: number): RpcBatchAnswer => ({
    ok: true,
    result: numberToHex(sqrtPriceX96 | (BigInt(lpFee) << 208n), { size: 32 }),
  });
  const log = (data: Hex, topics: Hex[]) => ({ data, topics, blockNumber: '0x2a', blockHash: keccak256('0x01'), blockTimestamp: '0x64' });
  const initialize = log(
    encodeAbiParameters(
      [{ type: 'uint24' }, { type: 'int24' }, { type: 'address' }, { type: 'uint160' }, { type: 'int24' }],
      [DYNAMIC_FEE_FLAG, 60, hooks, Q96, 0],
    ),
    encodeEventTopics({ abi: events, eventName: 'Initialize', args: { id, currency0: NATIVE, currency1: USDC } }) as Hex[],
  );
  const position = log(
    encodeAbiParameters(
      [{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }],
      [-887220, 887220, 10n ** 18n, numberToHex(0, { size: 32 })],
    ),
    encodeEventTopics({ abi: events, eventName: 'ModifyLiquidity', args: { id, sender: USDC } }) as Hex[],
  );

  it('reads slot0 at the pools mapping, and the events of the id from the PoolManager', () => {
    const [state, init, positions] = v4PoolCalls(MANAGER, id);
    const slot = keccak256(concat([id, numberToHex(6, { size: 32 })]));
    expect((state!.params![0] as { to: string; data: string }).data).toContain(slot.slice(2));
    expect(init!.params![0]).toMatchObject({ address: MANAGER, fromBlock: '0x0', toBlock: 'latest' });
    expect((init!.params![0] as { topics: Hex[] }).topics[1]).toBe(id);
    expect((positions!.params![0] as { topics: Hex[] }).topics[1]).toBe(id);
  });

  it('a dynamic fee is the one slot0 holds, with the key, hooks, positions and creation', () => {
    const pool = readV4Pool([slot0(Q96, 4000), { ok: true, result: [initialize] }, { ok: true, result: [position] }])!;
    expect(pool).toMatchObject({
      token0: NATIVE,
      token1: USDC,
      fee: 4000,
      dynamicFee: true,
      tickSpacing: 60,
      rawPrice1Per0: 1,
      creation: { blockNumber: 42, blockHash: keccak256('0x01'), timestamp: 100 },
    });
    expect(pool.hooks.toLowerCase()).toBe(hooks);
    expect(Number(pool.reserves!.amount0) / 1e18).toBeCloseTo(1, 9);
    expect(Number(pool.reserves!.amount1) / 1e18).toBeCloseTo(1, 9);
  });

  it('positions the node would not list leave the holdings unknown; no Initialize event leaves the pool undescribed', () => {
    const refused: RpcBatchAnswer = { ok: false, error: new JsonRpcError(-32005, 'query returned more than 10000 results') };
    expect(readV4Pool([slot0(Q96, 4000), { ok: true, result: [initialize] }, refused])!.reserves).toBeUndefined();
    expect(readV4Pool([slot0(Q96, 4000), refused, refused])).toBeUndefined();
    expect(readV4Pool([slot0(Q96, 4000), { ok: true, result: [] }, { ok: true, result: [] }])).toBeUndefined();
  });

  it('a pool exists once its price is set', () => {
    expect(v4PoolExists(slot0(Q96, 0))).toBe(true);
    expect(v4PoolExists(slot0(0n, 0))).toBe(false);
    expect(v4PoolExists(undefined)).toBe(false);
  });
});
