import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

export const latestBlockhashSchema = z.object({ value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number().int() }) });

/** A confirmed blockhash for a new transaction, and the last block height at which it is still accepted. */
export async function getLatestBlockhash(rpc: RpcTransport): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
  return (await requestChecked(rpc, 'getLatestBlockhash', [{ commitment: 'confirmed' }], latestBlockhashSchema)).value;
}
