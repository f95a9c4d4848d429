/** Solana fee levels: the recent slots' prioritization fees and the current slot, in one batch. */
import { z } from 'zod';
import { solanaLevels, type PriorityFees } from '@/server/chains/fee-levels';
import type { RpcTransport } from '../json-rpc';
import { batchAnswer } from '../rpc-answers';

const slotFeesSchema = z.array(z.object({ slot: z.number().int().nonnegative(), prioritizationFee: z.number().nonnegative() }));

export async function readSolanaPriorityFees(rpc: RpcTransport): Promise<PriorityFees> {
  const [feesAnswer, slotAnswer] = await rpc.requestBatch([
    { method: 'getRecentPrioritizationFees', params: [] },
    { method: 'getSlot', params: [{ commitment: 'confirmed' }] },
  ]);
  const fees = batchAnswer(rpc.chain, 'getRecentPrioritizationFees', slotFeesSchema, feesAnswer);
  const slot = batchAnswer(rpc.chain, 'getSlot', z.number().int().nonnegative(), slotAnswer);
  const levels = solanaLevels(fees.map((entry) => BigInt(Math.trunc(entry.prioritizationFee))));
  return { ...levels, baseFeePerGas: null, blockNumber: BigInt(slot) };
}
