import type { RpcTransport } from '../../json-rpc';
import { hexQuantity, requestChecked } from '../../rpc-answers';

/** The native balance (wei) of an address at the latest block. */
export function getBalance(rpc: RpcTransport, address: string): Promise<bigint> {
  return requestChecked(rpc, 'eth_getBalance', [address.toLowerCase(), 'latest'], hexQuantity);
}
