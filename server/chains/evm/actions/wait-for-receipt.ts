import type { RpcTransport } from '../../json-rpc';
import { pollUntil, type PollOptions } from '../../poll-until';
import type { EvmReceipt } from '../evm-schemas';
import { getTransactionReceipt } from './get-transaction-receipt';

/**
 * The transaction's receipt once it is mined; undefined when `timeoutMs` passed first, or `stop` said it can
 * never be mined (its nonce went to another transaction).
 */
export function waitForReceipt(rpc: RpcTransport, hash: string, options: PollOptions): Promise<EvmReceipt | undefined> {
  return pollUntil(() => getTransactionReceipt(rpc, hash), options);
}
