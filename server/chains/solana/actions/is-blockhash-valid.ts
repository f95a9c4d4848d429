import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

/**
 * Whether a transaction with this blockhash can still land. Asked at `processed`, the most recent view: a
 * node that lags must not call a fresh blockhash expired.
 */
export async function isBlockhashValid(rpc: RpcTransport, blockhash: string): Promise<boolean> {
  return (await requestChecked(rpc, 'isBlockhashValid', [blockhash, { commitment: 'processed' }], z.object({ value: z.boolean() }))).value;
}
