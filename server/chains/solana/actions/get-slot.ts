import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

/** The latest confirmed slot. */
export function getSlot(rpc: RpcTransport, options?: { timeoutMs?: number }): Promise<number> {
  return requestChecked(rpc, 'getSlot', [{ commitment: 'confirmed' }], z.number().int().nonnegative(), options);
}
