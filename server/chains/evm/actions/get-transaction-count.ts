import type { RpcTransport } from '../../json-rpc';
import { hexQuantity, requestChecked } from '../../rpc-answers';

/** The address's next nonce: after its mined transactions (`latest`), or after those in the pool too (`pending`). */
export async function getTransactionCount(rpc: RpcTransport, address: string, block: 'latest' | 'pending'): Promise<number> {
  return Number(await requestChecked(rpc, 'eth_getTransactionCount', [address, block], hexQuantity));
}
