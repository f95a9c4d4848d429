/**
 * What every Uniswap-V3-style venue shares (Uniswap V3, PancakeSwap V3): a factory's `getPool(a, b, fee)`,
 * pools with `slot0`, `fee`, `tickSpacing`, and the factory's `PoolCreated` event. Each venue is this with its
 * own name, fee tiers and addresses.
 */
import { encodeEventTopics, encodeFunctionData, type Address } from 'viem';
import { poolFamilyOf, routerKindOf } from './contract-enums';
import type { EvmVenueAdapter } from './venue-adapter';
import { ethCall, int24, word } from './rpc-words';

const factoryAbi = [
  {
    type: 'event',
    name: 'PoolCreated',
    anonymous: false,
    inputs: [
      { name: 'token0', type: 'address', indexed: true },
      { name: 'token1', type: 'address', indexed: true },
      { name: 'fee', type: 'uint24', indexed: true },
      { name: 'tickSpacing', type: 'int24', indexed: false },
      { name: 'pool', type: 'address', indexed: false },
    ],
  },
] as const;

// slot0's first two words (sqrtPriceX96, tick) are the same in every fork; only those are read.
const poolAbi = [
  { type: 'function', name: 'fee', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint24' }] },
  { type: 'function', name: 'tickSpacing', stateMutability: 'view', inputs: [], outputs: [{ type: 'int24' }] },
  { type: 'function', name: 'slot0', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint160' }, { type: 'int24' }] },
] as const;

const Q192 = 1n << 192n;

const read = (pool: Address, functionName: 'fee' | 'tickSpacing' | 'slot0') => ethCall(pool, encodeFunctionData({ abi: poolAbi, functionName }));

type V3FamilyParts = Pick<EvmVenueAdapter, 'routerKind' | 'poolFamily' | 'lensSearch' | 'poolContracts' | 'hopSpot' | 'lpFee' | 'poolInfo'>;

export const v3FamilyParts: V3FamilyParts = {
  // The Router runs every V3 fork's pools through its V3 dispatch: the same pool interface.
  routerKind: routerKindOf('V3'),
  poolFamily: poolFamilyOf('Concentrated'),
  lensSearch: 'quoter',

  poolContracts: {
    spotCall: (pool) => read(pool, 'slot0'),
    rawPrice1Per0(spot) {
      const sqrtPriceX96 = word(spot, 0) ?? 0n;
      return (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    },
  },

  hopSpot([sqrtPriceX96, inIsToken0]) {
    const priceX192 = sqrtPriceX96 * sqrtPriceX96; // token1 per token0, scaled by 2^192
    return inIsToken0 === 1n ? { numerator: priceX192, denominator: Q192 } : { numerator: Q192, denominator: priceX192 };
  },

  lpFee: (poolFee) => poolFee,

  poolInfo: {
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
  },
};
