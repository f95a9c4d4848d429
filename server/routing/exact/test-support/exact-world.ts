/**
 * The local world's BSC for the exact-math integration tests (read only): its manifest entry, the server's
 * view of the chain, a client, and every pool between its tokens decoded into the exact state at one block,
 * as the server's pool state reader reads them (BSC carries every venue kind).
 */
import { createPublicClient, encodeAbiParameters, http, keccak256, numberToHex, type Address, type PublicClient, type StateOverride } from 'viem';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { RpcCall } from '@/server/chains/json-rpc';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import { loadConfig } from '@/server/config/env';
import { curveCall, decodeCurve, type CurveState } from '@/server/venues/evm/launchpad-curve';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { decodeDiscovery, discoveryCall } from '@/server/venues/evm/pools/pool-discovery-call';
import { stateCall } from '../../pool-reader-client';
import { decodeExactPoolStates } from '../exact-decode';
import type { ExactPoolState } from '../exact-state';

export const CHAIN = 'BSC';

export function exactWorld() {
  const entry = testManifest().chains[CHAIN]!;
  const chain = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), testManifest())[CHAIN];
  const client = createPublicClient({ transport: http(entry.rpcUrl), cacheTime: 0 }) as PublicClient;
  return { entry, chain, client, contracts: entry.contracts as Record<string, Address>, treasury: entry.treasury!.address as Address };
}
export type ExactWorld = ReturnType<typeof exactWorld>;

export interface ReadPool {
  pool: RoutablePool;
  state: ExactPoolState;
}

/** A reader call pinned to `block` instead of the latest one. */
const atBlock = (call: RpcCall, block: bigint): RpcCall => ({ ...call, params: [call.params![0], numberToHex(block), ...call.params!.slice(2)] });

/** The launch token of a curve's pool (its id). */
const launchToken = (pool: RoutablePool) => `0x${pool.id.slice(-40)}`.toLowerCase();

/** Every pool between the chain's tokens, its exact state at `block`, curves with their sell caps. */
export async function readPools(w: ExactWorld, block: bigint): Promise<ReadPool[]> {
  const venues = w.chain.venues!;
  const tokens = w.entry.tokens.map((token) => token.address as Address);
  const [found] = await w.chain.rpc.requestBatch([atBlock(discoveryCall(venues, tokens), block)]);
  const pools = decodeDiscovery(venues, batchAnswer(CHAIN, 'eth_call', hexData, found));
  const curvePools = pools.filter((pool) => pool.venue === 'LAUNCHPAD');
  const answers = await w.chain.rpc.requestBatch([
    atBlock(stateCall(venues, pools, true), block),
    ...curvePools.map((pool) => atBlock(curveCall(pool.address, launchToken(pool)), block)),
  ]);
  const curves = new Map<string, CurveState>();
  curvePools.forEach((pool, index) => {
    const curve = decodeCurve(pool.address, answers[index + 1]);
    if (curve) curves.set(launchToken(pool), curve);
  });
  const states = decodeExactPoolStates(pools, batchAnswer(CHAIN, 'eth_call', hexData, answers[0]), { curves });
  return pools.flatMap((pool, index) => (states[index] ? [{ pool, state: states[index] }] : []));
}

/** The treasury holding any amount: of the native coin, or of a world ERC-20 (balances at slot 0). */
export function plentyFor(w: ExactWorld, token: Address | 'native'): StateOverride {
  const plenty = 1n << 200n;
  if (token === 'native') return [{ address: w.treasury, balance: plenty }];
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [w.treasury, 0n]));
  return [{ address: token, stateDiff: [{ slot, value: numberToHex(plenty, { size: 32 }) }] }];
}
