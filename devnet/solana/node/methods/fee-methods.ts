import { fromBase64 } from '../codecs/bytes';
import { computeFee } from '../codecs/compute-fee';
import { withContext } from '../codecs/with-context';
import { decodeMessage, type DecodedMessage } from '../codecs/wire-transaction';
import { invalidParams } from '../errors/rpc-error';
import type { RpcMethod } from './rpc-method';
import { expectAddress, expectList } from './rpc-params';

export const feeMethods: Record<string, RpcMethod> = {
  getFeeForMessage: ({ ledger }, params) => {
    if (typeof params[0] !== 'string') throw invalidParams('Invalid params: invalid type: expected a string');
    let message: DecodedMessage;
    try {
      message = decodeMessage(fromBase64(params[0]));
    } catch {
      throw invalidParams('invalid transaction message');
    }
    return withContext(ledger, ledger.isBlockhashValid(String(message.lifetimeToken)) ? computeFee(message).fee : null);
  },
  getRecentPrioritizationFees: ({ ledger }, params) => {
    const keys = expectList(params[0] ?? [], 128).map(expectAddress);
    return ledger.prioritizationFees.recent(ledger.slot, keys);
  },
};
