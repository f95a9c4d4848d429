import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';
import { transactionSchema, type EvmTransaction } from '../evm-schemas';

/** A transaction by its hash, mined or in the pool; null when the node does not know it. */
export function getTransaction(rpc: RpcTransport, hash: string): Promise<EvmTransaction | null> {
  return requestChecked(rpc, 'eth_getTransactionByHash', [hash], transactionSchema.nullable());
}
