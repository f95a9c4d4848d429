/**
 * Everything pool-info tells about one pool of the chain's venues: its venue's contracts, fee and tick
 * spacing, creation, both tokens, prices, liquidity and market cap. A pool is named by its address, or by
 * its id where the venue's pools live inside one contract (Uniswap V4). Two round trips (the pool; then its
 * tokens, the native price and the creation log), plus one for the creation block's time the first time a
 * pool is read on a node that does not put it on logs, plus two when neither side is the wrapped native
 * token or the stable, plus one to find the chain of a pool id given without a chain.
 */
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import type { ChainDirectory, ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { ethCall, sameAddress, text, word } from '../rpc-words';
import { EVM_VENUES } from '../venue-table';
import { finite, human, nativeUsdPlan, pairPrice, venuesOf } from './pair-pools';
import { chainOfPoolId, isPoolId, noPoolWithId, probePoolById, refusePoolHolder } from './pool-by-id';
import { creationAt, creationLogCall, readCreation, type Creation, type PoolCreations } from './pool-creation';
import { notAPool, probePool, type PoolCore, type PoolProbe } from './pool-probe';
import type { PoolInfo, PoolToken } from './pool-types';
import { findTokenPools } from './token-pools';

/** What pool-info reads with: the chains, and the pools' creations remembered (per services instance). */
export interface PoolInfoDeps {
  chains: ChainDirectory;
  poolCreations: PoolCreations;
}

/** Every pool-info field of a pool of the chain's venues; NOT_FOUND when the address or id is not one. */
export async function readPoolInfo(creations: PoolCreations, chain: ConfiguredChain, pool: string): Promise<PoolInfo> {
  const venues = venuesOf(chain);
  if (isPoolId(pool)) {
    const byId = await probePoolById(chain, venues, pool.toLowerCase() as Hex);
    if (!byId.core) throw noPoolWithId(chain, pool);
    return describePool(creations, chain, venues, byId.core, byId.nativeDiscovery);
  }
  refusePoolHolder([chain], pool);
  const probe = await probePool(chain, venues, pool.toLowerCase() as Address);
  if (!probe.core) throw notAPool(chain, pool, probe);
  return describePool(creations, chain, venues, probe.core, probe.nativeDiscovery);
}

/**
 * The pool on the given chain, or, without one, on whichever available EVM chain holds a pool of its venues
 * at that address or with that id (every chain probed at once, one batch each).
 */
export async function findPoolInfo({ chains, poolCreations }: PoolInfoDeps, input: { pool: string; chain?: ChainId }): Promise<PoolInfo> {
  if (input.chain) return readPoolInfo(poolCreations, chains[input.chain], input.pool);
  if (isPoolId(input.pool)) return readPoolInfo(poolCreations, chains[await chainOfPoolId(chains, input.pool.toLowerCase() as Hex)], input.pool);
  return readPoolInfoAnywhere({ chains, poolCreations }, input.pool);
}

async function readPoolInfoAnywhere({ chains, poolCreations }: PoolInfoDeps, pool: string): Promise<PoolInfo> {
  const address = pool.toLowerCase() as Address;
  const candidates = EVM_CHAIN_IDS.filter((id) => chains[id].available && chains[id].venues);
  refusePoolHolder(
    candidates.map((id) => chains[id]),
    pool,
  );
  const probes = await Promise.all(
    candidates.map(async (id) => ({
      id,
      probe: await probePool(chains[id], chains[id].venues!, address).catch(() => undefined),
    })),
  );
  const found = probes.filter((entry) => entry.probe?.core);
  if (found.length === 0) {
    const names = EVM_VENUES.filter((venue) => venue.poolInfo)
      .map((venue) => venue.name)
      .join(' or ');
    throw new AppError(
      'NOT_FOUND',
      `no ${names} pool at ${pool} on any available chain (looked on ${candidates.join(', ')}). Check the address or pass chain.`,
    );
  }
  if (found.length > 1) {
    throw new AppError('INVALID_INPUT', `chain: ${pool} is a pool on ${found.map((entry) => entry.id).join(', ')}; pass chain to choose one.`, {
      field: 'chain',
    });
  }
  const [{ id, probe }] = found as [{ id: ChainId; probe: PoolProbe }];
  return describePool(poolCreations, chains[id], chains[id].venues!, probe.core!, probe.nativeDiscovery);
}

const NATIVE = '0x0000000000000000000000000000000000000000';

interface SideRead {
  calls: RpcCall[];
  read(answers: readonly RpcBatchAnswer[]): { token: PoolToken; balance: bigint | undefined };
}

/**
 * One side of the pool: the token's metadata and, where the pool contract holds its tokens, its balance. The
 * native coin (a V4 currency may be it) is the chain's own.
 */
function sideRead(chain: ConfiguredChain, core: PoolCore, address: Address): SideRead {
  if (sameAddress(address, NATIVE)) {
    const { nativeSymbol, nativeDecimals } = chain.info;
    return {
      calls: [],
      read: () => ({ token: { address, name: nativeSymbol, symbol: nativeSymbol, decimals: nativeDecimals, totalSupply: '0' }, balance: undefined }),
    };
  }
  const own = core.holdings === 'own';
  const calls = [
    ethCall(address, encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
    ethCall(address, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    ethCall(address, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    ethCall(address, encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
    ...(own ? [ethCall(address, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [core.address as Address] }))] : []),
  ];
  return {
    calls,
    read(answers) {
      const decimals = word(answers[2]);
      return {
        token: {
          address,
          name: text(answers[0]),
          symbol: text(answers[1]),
          decimals: decimals !== undefined && decimals <= 255n ? Number(decimals) : 18,
          totalSupply: (word(answers[3]) ?? 0n).toString(),
        },
        balance: own ? (word(answers[4]) ?? 0n) : undefined,
      };
    },
  };
}

/** What each side holds: the pool contract's balances, or what its positions hold (0 when unknown). */
function holdings(core: PoolCore, balance0: bigint | undefined, balance1: bigint | undefined): [bigint, bigint] {
  if (core.holdings === 'own') return [balance0 ?? 0n, balance1 ?? 0n];
  return [core.holdings?.amount0 ?? 0n, core.holdings?.amount1 ?? 0n];
}

/** The wrapped native token, or the native coin itself (a V4 currency). */
const nativeSide = (venues: EvmVenues, token: string) => sameAddress(token, venues.wrappedNative) || sameAddress(token, NATIVE);

/** The quote side: the stable, else the wrapped native token (or the native coin), else token1. */
function quoteIsToken1(core: PoolCore, venues: EvmVenues): boolean {
  const stable = venues.stable.address;
  return sameAddress(core.token1, stable) || (!sameAddress(core.token0, stable) && (nativeSide(venues, core.token1) || !nativeSide(venues, core.token0)));
}

/** When the pool was created: remembered, said by the read that found the pool (V4), or searched in the batch. */
async function creationOf(
  creations: PoolCreations,
  chain: ConfiguredChain,
  core: PoolCore,
  cached: Creation | undefined,
  logAnswer: RpcBatchAnswer | undefined,
) {
  if (cached) return cached;
  const creation = await (core.createdIn ? creationAt(chain, core.createdIn) : readCreation(chain, logAnswer, core));
  if (creation) creations.remember(chain, core.address, creation);
  return creation;
}

async function describePool(
  creations: PoolCreations,
  chain: ConfiguredChain,
  venues: EvmVenues,
  core: PoolCore,
  nativeDiscovery: readonly RpcBatchAnswer[],
): Promise<PoolInfo> {
  const cached = creations.cached(chain, core.address);
  const nativeState = nativeUsdPlan(chain, venues).state(nativeDiscovery);
  const reads = [sideRead(chain, core, core.token0), sideRead(chain, core, core.token1)];
  const calls = [...nativeState.calls, ...reads.flatMap((side) => side.calls)];
  if (!cached && !core.createdIn) calls.push(creationLogCall(core));
  const answers = await chain.rpc.requestBatch(calls);

  let at = nativeState.calls.length;
  const usdPerNative = nativeState.price(answers.slice(0, at));
  const [read0, read1] = reads.map((side) => side.read(answers.slice(at, (at += side.calls.length)))) as [
    ReturnType<SideRead['read']>,
    ReturnType<SideRead['read']>,
  ];
  const [held0, held1] = holdings(core, read0.balance, read1.balance);
  const sides = [
    { token: read0.token, balance: held0 },
    { token: read1.token, balance: held1 },
  ];
  const [token, quote] = quoteIsToken1(core, venues) ? [sides[0]!, sides[1]!] : [sides[1]!, sides[0]!];
  const pair = { token: token.token.address as Address, quote: quote.token.address as Address };
  const price = pairPrice(pair, core.rawPrice1Per0, token.token.decimals, quote.token.decimals);
  const quoteIsStable = sameAddress(pair.quote, venues.stable.address);
  const quoteIsNative = nativeSide(venues, pair.quote);
  const [creation, quoteUsd] = await Promise.all([
    creationOf(creations, chain, core, cached, answers[at]),
    quoteIsStable ? 1 : quoteIsNative ? usdPerNative : plainTokenUsd(chain, pair.quote),
  ]);

  const priceUsd = finite(price * quoteUsd);
  const priceNative = nativeSide(venues, pair.token) ? 1 : quoteIsNative ? price : usdPerNative > 0 ? finite(priceUsd / usdPerNative) : 0;
  return {
    address: core.address,
    type: core.venue.id,
    factory: core.factory,
    hooks: core.hooks,
    router: core.deployment.router ?? '',
    quoter: core.deployment.quoter ?? '',
    owner: '',
    to: '',
    chain: chain.info.id,
    fee: core.fee,
    dynamicFee: core.dynamicFee,
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
