/**
 * Node answers checked at the edge: a JSON-RPC error or a reply of the wrong shape becomes RPC_ERROR
 * (502) with the chain and method named, instead of an internal error deep in domain code.
 */
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { JsonRpcError, type RpcBatchAnswer, type RpcTransport } from './json-rpc';
import type { ChainId } from './registry';

/** A JSON-RPC quantity (0x-hex integer) as a bigint. */
export const hexQuantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/)
  .transform((hex) => BigInt(hex));

/** 0x-hex bytes (call results, code). */
export const hexData = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/)
  .transform((hex) => hex as `0x${string}`);

export function rpcRefused(chain: ChainId, method: string, error: JsonRpcError): AppError {
  return new AppError('RPC_ERROR', `${chain} RPC refused ${method}: ${error.message} (code ${error.rpcCode}).`, { cause: error });
}

/** The value of a reply, validated; throws RPC_ERROR when it does not match. */
export function parseAnswer<S extends z.ZodType>(chain: ChainId, method: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('RPC_ERROR', `${chain} RPC answered ${method} with something unexpected.`, { cause: parsed.error });
  }
  return parsed.data;
}

/** One answer of a batch, validated. */
export function batchAnswer<S extends z.ZodType>(chain: ChainId, method: string, schema: S, answer: RpcBatchAnswer | undefined): z.output<S> {
  if (!answer) throw new AppError('RPC_ERROR', `${chain} RPC left ${method} unanswered.`);
  if (!answer.ok) throw rpcRefused(chain, method, answer.error);
  return parseAnswer(chain, method, schema, answer.result);
}

/** A single call whose JSON-RPC error and shape are checked like a batch answer. */
export async function requestChecked<S extends z.ZodType>(
  rpc: RpcTransport,
  method: string,
  params: unknown[],
  schema: S,
  options?: { timeoutMs?: number },
): Promise<z.output<S>> {
  let result: unknown;
  try {
    result = await rpc.request(method, params, options);
  } catch (error) {
    if (error instanceof JsonRpcError) throw rpcRefused(rpc.chain, method, error);
    throw error;
  }
  return parseAnswer(rpc.chain, method, schema, result);
}
