import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';
import { receiptSchema, type EvmReceipt } from '../evm-schemas';

/** The receipt of a mined transaction; null while the chain has not mined it. */
export function getTransactionReceipt(rpc: RpcTransport, hash: string): Promise<EvmReceipt | null> {
  return requestChecked(rpc, 'eth_getTransactionReceipt', [hash], receiptSchema.nullable());
}
