/**
 * EVM node answers as this service reads them: one schema per kind of answer, checked at the edge so a reply
 * of the wrong shape is RPC_ERROR (see rpc-answers.ts) rather than a crash further in.
 */
import { z } from 'zod';
import { hexData, hexQuantity } from '../rpc-answers';

export const logSchema = z.object({
  address: z.string(),
  topics: z.array(hexData),
  data: hexData,
  transactionHash: z.string(),
  blockNumber: hexQuantity,
  /** Set on a log whose block left the chain (a reorganisation). */
  removed: z.boolean().optional(),
});

export const receiptSchema = z.object({
  status: z.string().transform((status): 'success' | 'reverted' => (status === '0x1' ? 'success' : 'reverted')),
  blockNumber: hexQuantity,
  logs: z.array(logSchema),
});

export const transactionSchema = z.object({
  hash: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  value: hexQuantity,
  input: hexData,
  nonce: hexQuantity.transform(Number),
});

export const blockSchema = z.object({
  number: hexQuantity,
  timestamp: hexQuantity,
  baseFeePerGas: hexQuantity.nullish(),
});

export type EvmLog = z.output<typeof logSchema>;
export type EvmReceipt = z.output<typeof receiptSchema>;
export type EvmTransaction = z.output<typeof transactionSchema>;
export type EvmBlock = z.output<typeof blockSchema>;
