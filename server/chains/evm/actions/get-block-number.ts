import type { RpcTransport } from '../../json-rpc';
import { hexQuantity, requestChecked } from '../../rpc-answers';

export function getBlockNumber(rpc: RpcTransport, options?: { timeoutMs?: number }): Promise<bigint> {
  return requestChecked(rpc, 'eth_blockNumber', [], hexQuantity, options);
}
