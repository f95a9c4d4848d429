import { toHex } from 'viem';
import type { RpcTransport } from '../../json-rpc';
import { hexQuantity, requestChecked } from '../../rpc-answers';

/** Gas a call would use now (a plain transfer to an account without code: 21,000). */
export function estimateGas(rpc: RpcTransport, call: { from: string; to: string; value: bigint; data?: string }): Promise<bigint> {
  return requestChecked(
    rpc,
    'eth_estimateGas',
    [{ from: call.from, to: call.to, value: toHex(call.value), ...(call.data && { data: call.data }) }],
    hexQuantity,
  );
}
