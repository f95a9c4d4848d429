/**
 * The pools of a pair on every deployed venue and fee tier, what they hold and their spot prices: the
 * building blocks token data reads in as few batches as the data allows (pool addresses first, found by the
 * reader's discovery as routing finds them, then what those pools hold). Each step is a list of calls plus a reader of their answers, so callers can ride
 * several steps on one batch.
 */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { isEvmChain } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { ethCall, word } from '../rpc-words';
import type { EvmVenueAdapter, VenuePool } from '../venue-adapter';
import { venueById } from '../venue-table';
import { discoveredPools, discoveryCall } from './pool-discovery-call';

export interface PairPool extends VenuePool {
  token: Address;
  quote: Address;
}

export interface PoolState {
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** Quote per token in whole units; 0 for an empty or unreadable pool. */
  price: number;
}

/** The call finding the pools of (token, quote): the reader's discovery for that one pair. */
export function discoveryCalls(venues: EvmVenues, token: Address, quote: Address): RpcCall[] {
  return [discoveryCall(venues, [token, quote])];
}

/**
 * The pools the answers of `discoveryCalls` name on venues whose pools are contracts (their balances and spot
 * price are what token data reads), in table and tier order; none when the reader did not answer.
 */
export function pairPools(venues: EvmVenues, answers: readonly RpcBatchAnswer[], token: Address, quote: Address): PairPool[] {
  const found = discoveredPools(venues, answers[0]);
  // Lower case, as the pool addresses token data has always answered.
  const lowerCase = (address: Address) => address.toLowerCase() as Address;
  return found.flatMap((pool) =>
    venueById(pool.venue).poolContracts ? [{ address: lowerCase(pool.address), venue: pool.venue, fee: pool.fee, token, quote }] : [],
  );
}

export const STATE_CALLS = 3;

/** What a pool holds of each side and its spot price. */
export function stateCalls(pool: PairPool): RpcCall[] {
  return [
    ethCall(pool.token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })),
    ethCall(pool.quote, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })),
    venueById(pool.venue).poolContracts!.spotCall(pool.address),
  ];
}

/** Uniswap-style venues order a pair's tokens by address. */
export const isToken0 = (token: string, other: string) => BigInt(token) < BigInt(other);

export const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/** Quote per token in whole units from the venue's spot answer; 0 for an empty or unreadable pool. */
export function spotPrice(
  venue: EvmVenueAdapter,
  pool: { token: Address; quote: Address },
  spot: RpcBatchAnswer | undefined,
  tokenDecimals: number,
  quoteDecimals: number,
): number {
  return pairPrice(pool, venue.poolContracts?.rawPrice1Per0(spot) ?? 0, tokenDecimals, quoteDecimals);
}

/** Quote per token in whole units from the pool's raw price of token1 in token0; 0 for an empty or unreadable pool. */
export function pairPrice(pool: { token: Address; quote: Address }, rawPrice1Per0: number, tokenDecimals: number, quoteDecimals: number): number {
  const tokenFirst = isToken0(pool.token, pool.quote);
  const [decimals0, decimals1] = tokenFirst ? [tokenDecimals, quoteDecimals] : [quoteDecimals, tokenDecimals];
  const price1Per0 = rawPrice1Per0 * 10 ** (decimals0 - decimals1);
  return finite(tokenFirst ? price1Per0 : price1Per0 === 0 ? 0 : 1 / price1Per0);
}

/** Reads the answers of `stateCalls`. */
export function poolState(answers: readonly RpcBatchAnswer[], pool: PairPool, tokenDecimals: number, quoteDecimals: number): PoolState {
  return {
    tokenReserve: word(answers[0]) ?? 0n,
    quoteReserve: word(answers[1]) ?? 0n,
    price: spotPrice(venueById(pool.venue), pool, answers[2], tokenDecimals, quoteDecimals),
  };
}

export const human = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

/** USD per native coin from the deepest wrapped-native/stable pool, in two steps that can ride other batches. */
export interface NativeUsdPlan {
  discovery: RpcCall[];
  state(discovered: readonly RpcBatchAnswer[]): { calls: RpcCall[]; price(answers: readonly RpcBatchAnswer[]): number };
}

export function nativeUsdPlan(chain: ConfiguredChain, venues: EvmVenues): NativeUsdPlan {
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const nativeDecimals = chain.info.nativeDecimals;
  return {
    discovery: discoveryCalls(venues, wrapped, stable),
    state(discovered) {
      const pools = pairPools(venues, discovered, wrapped, stable);
      return {
        calls: pools.flatMap(stateCalls),
        price(answers) {
          let best = { usd: -1, price: 0 };
          pools.forEach((pool, index) => {
            const state = poolState(answers.slice(index * STATE_CALLS, (index + 1) * STATE_CALLS), pool, nativeDecimals, venues.stable.decimals);
            const usd = human(state.quoteReserve, venues.stable.decimals) * 2;
            if (state.price > 0 && usd > best.usd) best = { usd, price: state.price };
          });
          return best.price;
        },
      };
    },
  };
}

/** The chain's venues, or a clear error when the chain is not EVM or has none configured. */
export function venuesOf(chain: ConfiguredChain): EvmVenues {
  if (!isEvmChain(chain.info.id)) {
    throw new AppError('INVALID_INPUT', `chain: pool data is EVM only; ${chain.info.id} is not an EVM chain.`, { field: 'chain' });
  }
  if (!chain.available || !chain.venues) {
    throw new AppError('CHAIN_UNAVAILABLE', `${chain.info.id} has no Uniswap venues configured on this server.`);
  }
  return chain.venues;
}
