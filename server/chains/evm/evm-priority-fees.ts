/**
 * EVM fee levels: fee history and the latest block in one batch. A latest block without a base fee marks a
 * chain without EIP-1559; only then is eth_gasPrice asked for, in a second request.
 */
import { z } from 'zod';
import { eip1559Levels, legacyLevels, LEVEL_PERCENTILES, type PriorityFees } from '@/server/chains/fee-levels';
import type { RpcTransport } from '../json-rpc';
import { batchAnswer, hexQuantity, requestChecked } from '../rpc-answers';
import { blockSchema } from './evm-schemas';

/** Blocks of fee history behind an estimate. */
export const FEE_HISTORY_BLOCKS = 10;

const feeHistorySchema = z.object({
  baseFeePerGas: z.array(hexQuantity).min(1),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(hexQuantity)).optional(),
});

const latestBlockSchema = blockSchema.pick({ number: true, baseFeePerGas: true });

export async function readEvmPriorityFees(rpc: RpcTransport): Promise<PriorityFees> {
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
}
