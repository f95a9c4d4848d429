/**
 * Fee estimates per priority level for every chain: one source per chain family behind one reader that
 * caches each chain's estimate for a couple of seconds (it changes per block) and shares one RPC round
 * trip among concurrent callers.
 */
import { z } from 'zod';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { batchAnswer, hexQuantity, requestChecked } from '@/server/chains/rpc-answers';
import {
  eip1559Levels, legacyLevels, LEVEL_PERCENTILES, solanaLevels, type LevelFees, type PriorityLevel,
} from './fee-levels';

export { PRIORITY_LEVELS, type LevelFees, type PriorityLevel } from './fee-levels';

export type PriorityFees = Record<PriorityLevel, LevelFees> & { baseFeePerGas: bigint | null; blockNumber: bigint };

export interface PriorityFeeReader {
  read(chain: ChainId): Promise<PriorityFees>;
}

/** Block-level data: a new estimate per block at most. */
export const DEFAULT_PRIORITY_TTL_MS = 2_000;
/** Blocks of fee history behind an EVM estimate. */
export const FEE_HISTORY_BLOCKS = 10;

type FeeSource = (rpc: RpcTransport) => Promise<PriorityFees>;

const feeHistorySchema = z.object({
  baseFeePerGas: z.array(hexQuantity).min(1),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(hexQuantity)).optional(),
});

const latestBlockSchema = z.object({
  number: hexQuantity,
  baseFeePerGas: hexQuantity.nullish(),
});

const slotFeesSchema = z.array(z.object({ slot: z.number().int().nonnegative(), prioritizationFee: z.number().nonnegative() }));

/**
 * EVM: fee history and the latest block in one batch. A latest block without a base fee marks a chain
 * without EIP-1559; only then is eth_gasPrice asked for, in a second request.
 */
const readEvmFees: FeeSource = async (rpc) => {
  const [historyAnswer, blockAnswer] = await rpc.requestBatch([
    { method: 'eth_feeHistory', params: [`0x${FEE_HISTORY_BLOCKS.toString(16)}`, 'latest', [...LEVEL_PERCENTILES]] },
    { method: 'eth_getBlockByNumber', params: ['latest', false] },
  ]);
  const block = batchAnswer(rpc.chain, 'eth_getBlockByNumber', latestBlockSchema, blockAnswer);
  if (block.baseFeePerGas === undefined || block.baseFeePerGas === null) {
    const gasPrice = await requestChecked(rpc, 'eth_gasPrice', [], hexQuantity);
    return { ...legacyLevels(gasPrice), baseFeePerGas: null, blockNumber: block.number };
  }
  const history = batchAnswer(rpc.chain, 'eth_feeHistory', feeHistorySchema, historyAnswer);
  return { ...eip1559Levels({ ...history, reward: history.reward ?? [] }), blockNumber: block.number };
};

/** Solana: the recent slots' prioritization fees and the current slot, in one batch. */
const readSolanaFees: FeeSource = async (rpc) => {
  const [feesAnswer, slotAnswer] = await rpc.requestBatch([
    { method: 'getRecentPrioritizationFees', params: [] },
    { method: 'getSlot', params: [{ commitment: 'confirmed' }] },
  ]);
  const fees = batchAnswer(rpc.chain, 'getRecentPrioritizationFees', slotFeesSchema, feesAnswer);
  const slot = batchAnswer(rpc.chain, 'getSlot', z.number().int().nonnegative(), slotAnswer);
  const levels = solanaLevels(fees.map((entry) => BigInt(Math.trunc(entry.prioritizationFee))));
  return { ...levels, baseFeePerGas: null, blockNumber: BigInt(slot) };
};

const SOURCES: Record<ChainFamily, FeeSource> = { evm: readEvmFees, solana: readSolanaFees };

export function createPriorityFeeReader(
  chains: ChainDirectory,
  options: { ttlMs?: number; now?: () => number } = {},
): PriorityFeeReader {
  const ttlMs = options.ttlMs ?? DEFAULT_PRIORITY_TTL_MS;
  const now = options.now ?? Date.now;
  // A pending estimate never expires, so concurrent callers share it; the TTL starts when it arrives.
  const entries = new Map<ChainId, { value: Promise<PriorityFees>; expiresAt: number }>();
  return {
    read(chain) {
      const cached = entries.get(chain);
      if (cached && now() < cached.expiresAt) return cached.value;
      const entry = { value: SOURCES[CHAINS[chain].family](chains[chain].rpc), expiresAt: Number.POSITIVE_INFINITY };
      entries.set(chain, entry);
      entry.value.then(
        () => { entry.expiresAt = now() + ttlMs; },
        () => { if (entries.get(chain) === entry) entries.delete(chain); },
      );
      return entry.value;
    },
  };
}
