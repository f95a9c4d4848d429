/**
 * What every Uniswap-V2-style venue shares (Uniswap V2, PancakeSwap V2): a factory's `getPair(a, b)` and
 * `PairCreated` event, one pair per token pair with `getReserves`, constant-product pricing with the venue's one
 * LP fee. Each venue is these parts with its fee, name and addresses; the Router and the QuoteLens price a V2 hop
 * with the fee the hop carries (the pool's `fee`, taken from here), so a fork with another fee needs no contract
 * change.
 */
import { encodeEventTopics, encodeFunctionData, type Address } from 'viem';
import { poolFamilyOf, routerKindOf } from './contract-enums';
import type { EvmVenueAdapter } from './venue-adapter';
import { ethCall, word } from './rpc-words';

const factoryAbi = [
  {
    type: 'event',
    name: 'PairCreated',
    anonymous: false,
    inputs: [
      { name: 'token0', type: 'address', indexed: true },
      { name: 'token1', type: 'address', indexed: true },
      { name: 'pair', type: 'address', indexed: false },
      { name: 'index', type: 'uint256', indexed: false },
    ],
  },
] as const;

const pairAbi = [
  { type: 'function', name: 'getReserves', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }] },
] as const;

const spotCall = (pool: Address) => ethCall(pool, encodeFunctionData({ abi: pairAbi, functionName: 'getReserves' }));

type V2FamilyParts = Pick<
  EvmVenueAdapter,
  'routerKind' | 'poolFamily' | 'feeTiers' | 'tickSpacing' | 'lpTokenPools' | 'lensSearch' | 'poolContracts' | 'hopSpot' | 'lpFee' | 'poolInfo'
>;

/** The V2 parts of a venue whose pairs all charge `fee` (hundredths of a basis point: 3000 = 0.3 %). */
export function v2FamilyParts(fee: number): V2FamilyParts {
  return {
    routerKind: routerKindOf('V2'),
    poolFamily: poolFamilyOf('Pair'),
    feeTiers: [fee],
    tickSpacing: () => 0,
    lpTokenPools: true,
    lensSearch: 'pair',

    poolContracts: {
      spotCall,
      rawPrice1Per0(spot) {
        const reserve0 = word(spot, 0) ?? 0n;
        const reserve1 = word(spot, 1) ?? 0n;
        return reserve0 === 0n ? 0 : Number(reserve1) / Number(reserve0);
      },
    },

    hopSpot: ([reserveIn, reserveOut]) => ({ numerator: reserveOut, denominator: reserveIn }),

    lpFee: () => fee,

    poolInfo: {
      probeCalls: (pool) => [spotCall(pool)],
      readProbe: ([spot]) => ({ fee, tickSpacing: 0, spot }),
      creationLogCall(deployment, pool) {
        const topics = encodeEventTopics({ abi: factoryAbi, eventName: 'PairCreated', args: { token0: pool.token0, token1: pool.token1 } });
        return { method: 'eth_getLogs', params: [{ address: deployment.factory, topics, fromBlock: '0x0', toBlock: 'latest' }] };
      },
    },
  };
}
