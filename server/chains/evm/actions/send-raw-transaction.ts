import { JsonRpcError, type RpcTransport } from '../../json-rpc';
import { classifySendRefusal, TransactionRefusedError } from '../send-refusals';

export interface SendRawTransactionOptions {
  /**
   * This signed transaction may have been sent, even mined, before (a stored payment sent again): its nonce
   * being used is then no refusal, and the receipt tells what became of it.
   */
  resend?: boolean;
}

/**
 * Broadcasts a signed transaction. Sending one the node already has is not an error; a refusal throws
 * TransactionRefusedError, and a node out of reach the transport's AppError.
 */
export async function sendRawTransaction(rpc: RpcTransport, raw: string, options: SendRawTransactionOptions = {}): Promise<void> {
  try {
    await rpc.request('eth_sendRawTransaction', [raw]);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    const refusal = classifySendRefusal(error.message);
    if (refusal === 'known' || (refusal === 'NONCE_TOO_LOW' && options.resend)) return;
    throw new TransactionRefusedError(refusal, error.message, { cause: error });
  }
}
