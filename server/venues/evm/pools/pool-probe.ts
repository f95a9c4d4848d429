/**
 * Recognising an address as a pool: one batch reads its code, factory and tokens plus every deployed venue's
 * own probe calls; the venue whose factory it names reads its fee, tick spacing and spot answer.
 */
import { encodeFunctionData, type Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import { addressWord, ethCall, sameAddress } from '../rpc-words';
import type { EvmVenueAdapter, ProbedPool, VenueDeployment } from '../venue-adapter';
import { deployedVenues, EVM_VENUES } from '../venue-table';
import { nativeUsdPlan } from './pair-pools';

export interface PoolCore extends ProbedPool {
  address: Address;
  venue: EvmVenueAdapter;
  deployment: VenueDeployment;
  /** The factory the pool names (as the node returned it). */
  factory: Address;
  token0: Address;
  token1: Address;
}

export interface PoolProbe {
  hasCode: boolean;
  core?: PoolCore;
  /** The native/stable pool discovery answers, read alongside so the next batch can price the native coin. */
  nativeDiscovery: readonly RpcBatchAnswer[];
}

const poolAbi = [
  { type: 'function', name: 'factory', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'token1', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const;

const read = (pool: Address, functionName: 'factory' | 'token0' | 'token1') => ethCall(pool, encodeFunctionData({ abi: poolAbi, functionName }));

/**
 * One batch: code, factory, tokens and each venue's probe of the address, plus the native/stable pool
 * addresses. A contract that is not a pool of this chain's venues has no core.
 */
export async function probePool(chain: ConfiguredChain, venues: EvmVenues, pool: Address): Promise<PoolProbe> {
  const native = nativeUsdPlan(chain, venues);
  const deployed = deployedVenues(venues).filter(({ venue }) => venue.poolInfo);
  const venueCalls = deployed.map(({ venue }) => venue.poolInfo!.probeCalls(pool));
  const common = [{ method: 'eth_getCode', params: [pool, 'latest'] }, read(pool, 'factory'), read(pool, 'token0'), read(pool, 'token1')];
  const answers = await chain.rpc.requestBatch([...common, ...venueCalls.flat(), ...native.discovery]);
  const probeEnd = common.length + venueCalls.flat().length;
  const nativeDiscovery = answers.slice(probeEnd);
  const code = batchAnswer(chain.info.id, 'eth_getCode', hexData, answers[0]);
  if (code === '0x') return { hasCode: false, nativeDiscovery };
  const factory = addressWord(answers[1]);
  const token0 = addressWord(answers[2]);
  const token1 = addressWord(answers[3]);
  if (!factory || !token0 || !token1) return { hasCode: true, nativeDiscovery };
  let at = common.length;
  for (const [index, { venue, deployment }] of deployed.entries()) {
    const own = answers.slice(at, (at += venueCalls[index]!.length));
    if (!sameAddress(factory, deployment.factory)) continue;
    const probed = venue.poolInfo!.readProbe(own);
    if (probed) return { hasCode: true, nativeDiscovery, core: { ...probed, address: pool, venue, deployment, factory, token0, token1 } };
  }
  return { hasCode: true, nativeDiscovery };
}

const VENUE_NAMES = EVM_VENUES.filter((venue) => venue.poolInfo).map((venue) => venue.name).join(' or ');

export function notAPool(chain: ConfiguredChain, pool: string, probe: PoolProbe): AppError {
  const why = probe.hasCode ? `the contract there is not a pool of this chain's ${VENUE_NAMES} factory` : 'the address has no code';
  return new AppError('NOT_FOUND', `no ${VENUE_NAMES} pool at ${pool} on ${chain.info.id}: ${why}. Check the address and the chain.`);
}
