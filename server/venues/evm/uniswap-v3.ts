/**
 * Uniswap V3 (and forks with the same factory, pool and QuoterV2 interfaces): one pool per pair and fee tier,
 * concentrated liquidity priced from `slot0`'s sqrtPriceX96; pool math beyond the spot price asks QuoterV2.
 */
import { encodeEventTopics, encodeFunctionData, type Address } from 'viem';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { ethCall, int24, word } from './rpc-words';

/** Fee tiers tried for every pair (hundredths of a bip). */
export const V3_FEE_TIERS = [100, 500, 3000, 10000] as const;

const Q192 = 1n << 192n;

const factoryAbi = [
  { type: 'function', name: 'getPool', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], outputs: [{ type: 'address' }] },
  {
    type: 'event', name: 'PoolCreated', anonymous: false,
    inputs: [
      { name: 'token0', type: 'address', indexed: true }, { name: 'token1', type: 'address', indexed: true }, { name: 'fee', type: 'uint24', indexed: true },
      { name: 'tickSpacing', type: 'int24', indexed: false }, { name: 'pool', type: 'address', indexed: false },
    ],
  },
] as const;

const poolAbi = [
  { type: 'function', name: 'fee', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint24' }] },
  { type: 'function', name: 'tickSpacing', stateMutability: 'view', inputs: [], outputs: [{ type: 'int24' }] },
  {
    type: 'function', name: 'slot0', stateMutability: 'view', inputs: [],
    outputs: [{ type: 'uint160' }, { type: 'int24' }, { type: 'uint16' }, { type: 'uint16' }, { type: 'uint16' }, { type: 'uint8' }, { type: 'bool' }],
  },
] as const;

const read = (pool: Address, functionName: 'fee' | 'tickSpacing' | 'slot0') => ethCall(pool, encodeFunctionData({ abi: poolAbi, functionName }));

export const uniswapV3: EvmVenueAdapter = {
  id: 'UNISWAP_V3',
  name: 'Uniswap V3',
  routerKind: 1,
  feeTiers: V3_FEE_TIERS,
  configKeys: [
    { key: 'uniswapV3Factory', manifest: 'uniswapV3Factory', required: true },
    { key: 'quoterV2', manifest: 'quoterV2', required: true },
    { key: 'v3Router', manifest: 'swapRouter', required: false },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'uniswapV3Factory');
    return factory ? { factory, quoter: contractAt(venues, 'quoterV2'), router: contractAt(venues, 'v3Router') } : undefined;
  },

  findPoolCall(deployment, a, b, fee) {
    return ethCall(deployment.factory, encodeFunctionData({ abi: factoryAbi, functionName: 'getPool', args: [a, b, fee] }));
  },

  spotCall: (pool) => read(pool, 'slot0'),

  rawPrice1Per0(spot) {
    const sqrtPriceX96 = word(spot, 0) ?? 0n;
    return (Number(sqrtPriceX96) / 2 ** 96) ** 2;
  },

  hopSpot([sqrtPriceX96, inIsToken0]) {
    const priceX192 = sqrtPriceX96 * sqrtPriceX96; // token1 per token0, scaled by 2^192
    return inIsToken0 === 1n
      ? { numerator: priceX192, denominator: Q192 }
      : { numerator: Q192, denominator: priceX192 };
  },

  lpFee: (poolFee) => poolFee,

  probeCalls: (pool) => [read(pool, 'fee'), read(pool, 'tickSpacing'), read(pool, 'slot0')],

  readProbe([feeAnswer, tickSpacingAnswer, spot]) {
    const fee = word(feeAnswer);
    const tickSpacing = int24(tickSpacingAnswer);
    if (fee === undefined || tickSpacing === undefined) return undefined;
    return { fee: Number(fee), tickSpacing, spot };
  },

  creationLogCall(deployment, pool) {
    const topics = encodeEventTopics({ abi: factoryAbi, eventName: 'PoolCreated', args: { token0: pool.token0, token1: pool.token1, fee: pool.fee } });
    return { method: 'eth_getLogs', params: [{ address: deployment.factory, topics, fromBlock: '0x0', toBlock: 'latest' }] };
  },
};
