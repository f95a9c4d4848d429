/**
 * Recognising an address as a pool: one batch reads its code, factory and tokens plus every deployed venue's
 * own probe calls; the venue whose factory it names reads its fee, tick spacing and spot answer.
 */
import { encodeFunctionData, type Address, type Hex } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import { addressWord, ethCall, sameAddress } from '../rpc-words';
import type { EvmVenueAdapter, VenueDeployment } from '../venue-adapter';
import { deployedVenues, EVM_VENUES } from '../venue-table';
import { nativeUsdPlan } from './pair-pools';

/** What pool-info learns about a pool before reading its tokens, whatever its venue. */
export interface PoolCore {
  /** The pool contract; the pool id where the venue's pools live inside one contract (V4). */
  address: string;
  venue: EvmVenueAdapter;
  deployment: VenueDeployment;
  /** The factory the pool names (as the node returned it); the PoolManager for V4. */
  factory: Address;
  token0: Address;
  token1: Address;
  /** Hundredths of a basis point, the fee in effect now. */
  fee: number;
  tickSpacing: number;
  /** The hooks of the pool's key (V4; the zero address for none); '' where the venue has no hooks. */
  hooks: string;
  /** The fee is set by the pool's hooks and may change (V4's dynamic-fee flag). */
  dynamicFee: boolean;
  /** Price of token1 in token0, raw units ratio; 0 when unreadable. */
  rawPrice1Per0: number;
  /**
   * 'own': the pool contract holds its tokens (read as its balances); otherwise what its positions hold,
   * raw units (undefined when the node would not list them).
   */
  holdings: 'own' | { amount0: bigint; amount1: bigint } | undefined;
  /** Where the pool was created, when the read that found it said so (V4's Initialize event). */
  createdIn?: { blockNumber: number; blockHash: Hex; timestamp?: number };
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
    if (probed) {
      const { fee, tickSpacing, spot } = probed;
      const rawPrice1Per0 = venue.poolContracts?.rawPrice1Per0(spot) ?? 0;
      const core: PoolCore = {
        address: pool,
        venue,
        deployment,
        factory,
        token0,
        token1,
        fee,
        tickSpacing,
        hooks: '',
        dynamicFee: false,
        rawPrice1Per0,
        holdings: 'own',
      };
      return { hasCode: true, nativeDiscovery, core };
    }
  }
  return { hasCode: true, nativeDiscovery };
}

const VENUE_NAMES = EVM_VENUES.filter((venue) => venue.poolInfo)
  .map((venue) => venue.name)
  .join(' or ');

export function notAPool(chain: ConfiguredChain, pool: string, probe: PoolProbe): AppError {
  const why = probe.hasCode ? `the contract there is not a pool of this chain's ${VENUE_NAMES} factory` : 'the address has no code';
  return new AppError('NOT_FOUND', `no ${VENUE_NAMES} pool at ${pool} on ${chain.info.id}: ${why}. Check the address and the chain.`);
}
