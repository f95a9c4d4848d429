/**
 * Uniswap V2 (and its forks with the same factory and pair interface): one pool per pair, a fixed 0.3 % fee,
 * constant-product pricing from the pair's reserves.
 */
import { encodeEventTopics, encodeFunctionData, type Address } from 'viem';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { ethCall, word } from './rpc-words';

/** V2's fixed fee, in the V3 unit (hundredths of a basis point) so venues compare. */
const V2_FEE = 3000;

const factoryAbi = [
  { type: 'function', name: 'getPair', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }], outputs: [{ type: 'address' }] },
  {
    type: 'event', name: 'PairCreated', anonymous: false,
    inputs: [{ name: 'token0', type: 'address', indexed: true }, { name: 'token1', type: 'address', indexed: true }, { name: 'pair', type: 'address', indexed: false }, { name: 'index', type: 'uint256', indexed: false }],
  },
] as const;

const pairAbi = [
  { type: 'function', name: 'getReserves', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }] },
] as const;

const spotCall = (pool: Address) => ethCall(pool, encodeFunctionData({ abi: pairAbi, functionName: 'getReserves' }));

export const uniswapV2: EvmVenueAdapter = {
  id: 'UNISWAP_V2',
  name: 'Uniswap V2',
  routerKind: 0,
  family: 0,
  feeTiers: [V2_FEE],
  tickSpacing: () => 0,
  configKeys: [
    { key: 'uniswapV2Factory', manifest: 'uniswapV2Factory' },
    { key: 'v2Router', manifest: 'uniswapV2Router02' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'uniswapV2Factory');
    return factory ? { factory, router: contractAt(venues, 'v2Router') } : undefined;
  },

  poolContracts: {
    findPoolCall: (deployment, a, b) => ethCall(deployment.factory, encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [a, b] })),
    spotCall,
    rawPrice1Per0(spot) {
      const reserve0 = word(spot, 0) ?? 0n;
      const reserve1 = word(spot, 1) ?? 0n;
      return reserve0 === 0n ? 0 : Number(reserve1) / Number(reserve0);
    },
  },

  hopSpot: ([reserveIn, reserveOut]) => ({ numerator: reserveOut, denominator: reserveIn }),

  lpFee: () => V2_FEE,

  poolInfo: {
    probeCalls: (pool) => [spotCall(pool)],
    readProbe: ([spot]) => ({ fee: V2_FEE, tickSpacing: 0, spot }),
    creationLogCall(deployment, pool) {
      const topics = encodeEventTopics({ abi: factoryAbi, eventName: 'PairCreated', args: { token0: pool.token0, token1: pool.token1 } });
      return { method: 'eth_getLogs', params: [{ address: deployment.factory, topics, fromBlock: '0x0', toBlock: 'latest' }] };
    },
  },
};
