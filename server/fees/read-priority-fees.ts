import type { ChainId } from '@/server/chains/registry';
import { type PriorityFeeReader } from './priority-fees';
import { PRIORITY_LEVELS } from '@/server/chains/fee-levels';

/** The v1 priority answer (the OpenAPI document's /api/v1/priority): every amount as a decimal string. */
export async function readPriorityFees(reader: PriorityFeeReader, input: { chain: ChainId }) {
  const fees = await reader.read(input.chain);
  const levels = Object.fromEntries(
    PRIORITY_LEVELS.map((level) => [
      level,
      {
        maxFeePerGas: fees[level].maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees[level].maxPriorityFeePerGas.toString(),
        gasPrice: fees[level].gasPrice.toString(),
      },
    ]),
  ) as Record<(typeof PRIORITY_LEVELS)[number], { maxFeePerGas: string; maxPriorityFeePerGas: string; gasPrice: string }>;
  return { success: true as const, chain: input.chain, fees: levels };
}
