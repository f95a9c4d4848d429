/**
 * Everything pool-info tells about one pool of the chain's venues: its venue's contracts, fee and tick
 * spacing, creation, both tokens, prices, liquidity and market cap. Two round trips (the pool; then its
 * tokens, the native price and the creation log), plus one for the creation block's time the first time a
 * pool is read on a node that does not put it on logs, plus two when neither side is the wrapped native
 * token or the stable.
 */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { ChainDirectory, ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { ethCall, sameAddress, text, word } from '../rpc-words';
import { EVM_VENUES } from '../venue-table';
import { finite, human, nativeUsdPlan, spotPrice, venuesOf } from './pair-pools';
import { cachedCreation, creationLogCall, readCreation, rememberCreation } from './pool-creation';
import { notAPool, probePool, type PoolCore, type PoolProbe } from './pool-probe';
import type { PoolInfo, PoolToken } from './pool-types';
import { findTokenPools } from './token-pools';

const TOKEN_CALLS = 5;

function tokenCalls(token: Address, pool: Address): RpcCall[] {
  return [
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool] })),
  ];
}

function tokenFrom(answers: readonly RpcBatchAnswer[], address: Address): { token: PoolToken; balance: bigint } {
  const decimals = word(answers[2]);
  return {
    token: {
      address,
      name: text(answers[0]),
      symbol: text(answers[1]),
      decimals: decimals !== undefined && decimals <= 255n ? Number(decimals) : 18,
      totalSupply: (word(answers[3]) ?? 0n).toString(),
    },
    balance: word(answers[4]) ?? 0n,
  };
}

/** Every pool-info field of a pool of the chain's venues; NOT_FOUND when the address is not one. */
export async function readPoolInfo(chain: ConfiguredChain, pool: string): Promise<PoolInfo> {
  const venues = venuesOf(chain);
  const probe = await probePool(chain, venues, pool.toLowerCase() as Address);
  if (!probe.core) throw notAPool(chain, pool, probe);
  return describePool(chain, venues, probe.core, probe.nativeDiscovery);
}

/**
 * The pool on the given chain, or, without one, on whichever available EVM chain holds a pool of its venues
 * at that address (every chain probed at once, one batch each).
 */
export async function findPoolInfo(chains: ChainDirectory, input: { pool: string; chain?: ChainId }): Promise<PoolInfo> {
  return input.chain ? readPoolInfo(chains[input.chain], input.pool) : readPoolInfoAnywhere(chains, input.pool);
}

async function readPoolInfoAnywhere(chains: ChainDirectory, pool: string): Promise<PoolInfo> {
  const address = pool.toLowerCase() as Address;
  const candidates = EVM_CHAIN_IDS.filter((id) => chains[id].available && chains[id].venues);
  const probes = await Promise.all(candidates.map(async (id) => ({
    id,
    probe: await probePool(chains[id], chains[id].venues!, address).catch(() => undefined),
  })));
  const found = probes.filter((entry) => entry.probe?.core);
  if (found.length === 0) {
    const names = EVM_VENUES.filter((venue) => venue.poolInfo).map((venue) => venue.name).join(' or ');
    throw new AppError('NOT_FOUND', `no ${names} pool at ${pool} on any available chain (looked on ${candidates.join(', ')}). Check the address or pass chain.`);
  }
  if (found.length > 1) {
    throw new AppError('INVALID_INPUT', `chain: ${pool} is a pool on ${found.map((entry) => entry.id).join(', ')}; pass chain to choose one.`, { field: 'chain' });
  }
  const [{ id, probe }] = found as [{ id: ChainId; probe: PoolProbe }];
  return describePool(chains[id], chains[id].venues!, probe.core!, probe.nativeDiscovery);
}

/** The quote side: the stable, else the wrapped native token, else token1. */
function quoteIsToken1(core: PoolCore, venues: EvmVenues): boolean {
  const wrapped = venues.wrappedNative;
  const stable = venues.stable.address;
  return sameAddress(core.token1, stable) || (!sameAddress(core.token0, stable) && (sameAddress(core.token1, wrapped) || !sameAddress(core.token0, wrapped)));
}

async function describePool(chain: ConfiguredChain, venues: EvmVenues, core: PoolCore, nativeDiscovery: readonly RpcBatchAnswer[]): Promise<PoolInfo> {
  const cached = cachedCreation(chain, core.address);
  const nativeState = nativeUsdPlan(chain, venues).state(nativeDiscovery);
  const calls = [...nativeState.calls, ...tokenCalls(core.token0, core.address), ...tokenCalls(core.token1, core.address)];
  if (!cached) calls.push(creationLogCall(core));
  const answers = await chain.rpc.requestBatch(calls);

  const at = nativeState.calls.length;
  const usdPerNative = nativeState.price(answers.slice(0, at));
  const side0 = tokenFrom(answers.slice(at, at + TOKEN_CALLS), core.token0);
  const side1 = tokenFrom(answers.slice(at + TOKEN_CALLS, at + 2 * TOKEN_CALLS), core.token1);
  const [token, quote] = quoteIsToken1(core, venues) ? [side0, side1] : [side1, side0];
  const pair = { token: token.token.address as Address, quote: quote.token.address as Address };
  const price = spotPrice(core.venue, pair, core.spot, token.token.decimals, quote.token.decimals);
  const quoteIsStable = sameAddress(pair.quote, venues.stable.address);
  const quoteIsWrapped = sameAddress(pair.quote, venues.wrappedNative);
  const [creation, quoteUsd] = await Promise.all([
    cached ?? readCreation(chain, answers[at + 2 * TOKEN_CALLS], core),
    quoteIsStable ? 1 : quoteIsWrapped ? usdPerNative : plainTokenUsd(chain, pair.quote),
  ]);
  if (!cached && creation) rememberCreation(chain, core.address, creation);

  const priceUsd = finite(price * quoteUsd);
  const priceNative = sameAddress(pair.token, venues.wrappedNative) ? 1 : quoteIsWrapped ? price : usdPerNative > 0 ? finite(priceUsd / usdPerNative) : 0;
  return {
    address: core.address,
    type: core.venue.id,
    factory: core.factory,
    hooks: '',
    router: core.deployment.router ?? '',
    quoter: core.deployment.quoter ?? '',
    owner: '',
    to: '',
    chain: chain.info.id,
    fee: core.fee,
    realFee: core.fee / 10_000,
    tickSpacing: core.tickSpacing,
    blockNumber: creation?.blockNumber ?? 0,
    createdAt: creation?.createdAt ?? 0,
    liquidity: finite(human(token.balance, token.token.decimals) * priceUsd + human(quote.balance, quote.token.decimals) * quoteUsd),
    marketCap: finite(human(BigInt(token.token.totalSupply), token.token.decimals) * priceUsd),
    priceNative,
    priceUsd,
    token: token.token,
    quote: quote.token,
  };
}

/** USD of a token that is neither the wrapped native nor the stable: its main pool's price (two more round trips). */
async function plainTokenUsd(chain: ConfiguredChain, token: Address): Promise<number> {
  const found = await findTokenPools(chain, token).catch(() => undefined);
  return found?.mainPool?.priceUsd ?? 0;
}
