import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

/** The confirmed block height: a blockhash is usable while this is at most its lastValidBlockHeight. */
export function getBlockHeight(rpc: RpcTransport): Promise<number> {
  return requestChecked(rpc, 'getBlockHeight', [{ commitment: 'confirmed' }], z.number().int());
}
