import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';
import { lamportsSchema } from './get-balance';

/** The lamports an account of `size` data bytes must hold to exist. */
export function getMinimumBalanceForRentExemption(rpc: RpcTransport, size: number): Promise<bigint> {
  return requestChecked(rpc, 'getMinimumBalanceForRentExemption', [size], lamportsSchema);
}
