/**
 * EVM node answers as this service reads them: one schema per kind of answer, checked at the edge so a reply
 * of the wrong shape is RPC_ERROR (see rpc-answers.ts) rather than a crash further in.
 */
import { z } from 'zod';
import { hexData, hexQuantity } from '../rpc-answers';

/**
 * A block time some nodes add to receipts and logs: hex per the newer spec, a plain number from anvil.
 * Anything else reads as absent (the block is read instead), never as a bad answer.
 */
const blockTimestamp = z
  .unknown()
  .transform((value): bigint | undefined => {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
    if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
    return undefined;
  })
  // Optional: most nodes leave the field out, and a key a schema requires must be there even when unknown.
  .optional();

export const logSchema = z.object({
  address: z.string(),
  topics: z.array(hexData),
  data: hexData,
  transactionHash: z.string(),
  blockNumber: hexQuantity,
  blockHash: z.string().optional(),
  /** The block's time (seconds), where the node includes it (newer nodes do); saves reading the block. */
  blockTimestamp,
  /** Set on a log whose block left the chain (a reorganisation). */
  removed: z.boolean().optional(),
});

export const receiptSchema = z.object({
  status: z.string().transform((status): 'success' | 'reverted' => (status === '0x1' ? 'success' : 'reverted')),
  blockNumber: hexQuantity,
  /** Which block at that height mined it: the bridge checks it is still the chain's before paying for a deposit. */
  blockHash: z.string().optional(),
  /** The block's time (seconds), where the node includes it (anvil does); saves reading the block. */
  blockTimestamp,
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
  hash: z.string().nullish(),
  timestamp: hexQuantity,
  baseFeePerGas: hexQuantity.nullish(),
});

export type EvmLog = z.output<typeof logSchema>;
export type EvmReceipt = z.output<typeof receiptSchema>;
export type EvmTransaction = z.output<typeof transactionSchema>;
export type EvmBlock = z.output<typeof blockSchema>;
