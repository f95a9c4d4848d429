/**
 * Pools named by an id rather than an address: the venues whose pools live inside one contract (Uniswap V4's
 * PoolManager). One batch reads the pool's state and what describes it (its key, its positions) beside the
 * native/stable pool discovery; the contract that holds the pools is no pool itself, and pool-info says to
 * pass the id instead.
 */
import type { Hex } from 'viem';
import type { ChainDirectory, ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { sameAddress } from '../rpc-words';
import type { EvmVenueAdapter, PoolById, VenueDeployment } from '../venue-adapter';
import { deployedVenues, EVM_VENUES } from '../venue-table';
import { nativeUsdPlan } from './pair-pools';
import type { PoolCore } from './pool-probe';

const POOL_ID = /^0x[0-9a-fA-F]{64}$/;

/** A 32-byte hex pool id (an address is 20 bytes). */
export const isPoolId = (pool: string): boolean => POOL_ID.test(pool);

const ID_VENUE_NAMES = EVM_VENUES.filter((venue) => venue.poolsById)
  .map((venue) => venue.name)
  .join(' or ');

function idVenues(venues: EvmVenues) {
  return deployedVenues(venues).filter(({ venue }) => venue.poolsById);
}

/**
 * An address that is the contract holding a venue's pools (V4's PoolManager) on one of `chains`: no pool of
 * its own, so the caller is told to pass the pool's id. No RPC: the chains' venue addresses say it.
 */
export function refusePoolHolder(chains: readonly ConfiguredChain[], pool: string): void {
  for (const chain of chains) {
    if (!chain.venues) continue;
    const held = idVenues(chain.venues).find(({ deployment }) => sameAddress(deployment.factory, pool));
    if (!held) continue;
    const { name, poolsById } = held.venue;
    throw new AppError(
      'INVALID_INPUT',
      `pool: ${pool} is the ${name} ${poolsById!.holder} on ${chain.info.id}, which holds every ${name} pool; pass the pool id instead ` +
        `(32-byte hex, keccak256 of the pool key: the id a v2 quote's route hop names for a ${name} pool).`,
      { field: 'pool' },
    );
  }
}

export interface PoolByIdProbe {
  core?: PoolCore;
  nativeDiscovery: readonly RpcBatchAnswer[];
}

function coreOf(id: Hex, venue: EvmVenueAdapter, deployment: VenueDeployment, pool: PoolById): PoolCore {
  return {
    address: id.toLowerCase(),
    venue,
    deployment,
    factory: deployment.factory,
    token0: pool.token0,
    token1: pool.token1,
    fee: pool.fee,
    tickSpacing: pool.tickSpacing,
    hooks: pool.hooks,
    dynamicFee: pool.dynamicFee,
    rawPrice1Per0: pool.rawPrice1Per0,
    holdings: pool.reserves,
    createdIn: pool.creation,
  };
}

/** One batch: every id venue's read of the pool and the native/stable pool discovery. No core: no pool has the id. */
export async function probePoolById(chain: ConfiguredChain, venues: EvmVenues, id: Hex): Promise<PoolByIdProbe> {
  const deployed = idVenues(venues);
  const reads = deployed.map(({ venue, deployment }) => venue.poolsById!.readCalls(deployment, id));
  const native = nativeUsdPlan(chain, venues);
  const answers = await chain.rpc.requestBatch([...reads.flat(), ...native.discovery]);
  const nativeDiscovery = answers.slice(reads.flat().length);
  let at = 0;
  for (const [index, { venue, deployment }] of deployed.entries()) {
    const own = answers.slice(at, (at += reads[index]!.length));
    if (!venue.poolsById!.exists(own[0])) continue;
    const pool = venue.poolsById!.read(own);
    if (!pool) {
      throw new AppError(
        'RPC_ERROR',
        `${chain.info.id}: a ${venue.name} pool has the id ${id}, but the node gave no Initialize event for it (from block 0), which is where its tokens, fee and hooks are written. Try again, or on a node that keeps the whole log history.`,
      );
    }
    return { core: coreOf(id, venue, deployment, pool), nativeDiscovery };
  }
  return { nativeDiscovery };
}

export function noPoolWithId(chain: ConfiguredChain, id: string): AppError {
  const venues = chain.venues ? idVenues(chain.venues) : [];
  const why =
    venues.length === 0
      ? `no ${ID_VENUE_NAMES} is configured there`
      : venues.map(({ venue, deployment }) => `the ${venue.name} ${venue.poolsById!.holder} at ${deployment.factory} has none initialized with it`).join('; ');
  return new AppError('NOT_FOUND', `no ${ID_VENUE_NAMES} pool with id ${id} on ${chain.info.id}: ${why}. Check the id and the chain.`);
}

/** The one available chain whose id venues hold a pool with this id (each chain asked in one call). */
export async function chainOfPoolId(chains: ChainDirectory, id: Hex): Promise<ChainId> {
  const candidates = EVM_CHAIN_IDS.filter((chainId) => chains[chainId].available && chains[chainId].venues && idVenues(chains[chainId].venues).length > 0);
  const found = (
    await Promise.all(
      candidates.map(async (chainId) => {
        const deployed = idVenues(chains[chainId].venues!);
        const answers = await chains[chainId].rpc
          .requestBatch(deployed.map(({ venue, deployment }) => venue.poolsById!.readCalls(deployment, id)[0]!))
          .catch(() => []);
        return deployed.some(({ venue }, index) => venue.poolsById!.exists(answers[index])) ? [chainId] : [];
      }),
    )
  ).flat();
  if (found.length === 0) {
    throw new AppError(
      'NOT_FOUND',
      `no ${ID_VENUE_NAMES} pool with id ${id} on any available chain (looked on ${candidates.join(', ')}). Check the id or pass chain.`,
    );
  }
  if (found.length > 1) {
    throw new AppError('INVALID_INPUT', `chain: ${id} is a pool on ${found.join(', ')}; pass chain to choose one.`, { field: 'chain' });
  }
  return found[0]!;
}
