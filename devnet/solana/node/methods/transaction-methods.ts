import { encodeTransactionRecord } from '../codecs/transaction-encoding';
import { withContext } from '../codecs/with-context';
import { decodeEncodedTransaction } from '../codecs/wire-transaction';
import { RpcError, invalidParams } from '../errors/rpc-error';
import { airdrop } from '../ledger/airdrop';
import type { Ledger } from '../ledger/ledger';
import { submitTransaction } from '../ledger/transaction-execution';
import type { TransactionRecord } from '../ledger/transaction-record';
import type { RpcMethod } from './rpc-method';
import { configOf, expectAddress, expectList, expectSignature } from './rpc-params';
import { simulateTransaction } from './simulate-transaction';

/** Sending, simulating and looking up transactions. Everything lands final at once: there are no forks. */
export const transactionMethods: Record<string, RpcMethod> = {
  sendTransaction: async (node, params) => {
    const config = configOf(params[1]);
    const wire = decodeEncodedTransaction(params[0], config.encoding);
    const result = await submitTransaction(node, wire, config.skipPreflight !== true);
    return result.signature;
  },
  simulateTransaction,
  requestAirdrop: (node, params) => {
    const to = expectAddress(params[0]);
    const amount = params[1];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) throw invalidParams('Invalid params: invalid type: expected u64');
    return airdrop(node, to, BigInt(amount));
  },
  getTransaction: ({ ledger }, params) => getTransaction(ledger, params),
  getSignatureStatuses: ({ ledger }, params) => {
    const signatures = expectList(params[0], 256);
    return withContext(
      ledger,
      signatures.map((s) => {
        const record = ledger.transaction(expectSignature(s));
        return record ? signatureStatus(record) : null;
      }),
    );
  },
  getSignaturesForAddress: ({ ledger }, params) => signaturesForAddress(ledger, params),
};

function getTransaction(ledger: Ledger, params: unknown[]) {
  const signature = expectSignature(params[0]);
  const config = typeof params[1] === 'string' ? { encoding: params[1] } : configOf(params[1]);
  const record = ledger.transaction(signature);
  if (!record) return null;
  const maxVersion = config.maxSupportedTransactionVersion as number | undefined;
  if (record.version !== 'legacy' && (maxVersion === undefined || maxVersion < record.version)) {
    throw new RpcError(
      -32015,
      `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`,
    );
  }
  return encodeTransactionRecord(record, (config.encoding as string | undefined) ?? 'json', maxVersion !== undefined);
}

function signatureStatus(record: TransactionRecord) {
  return {
    confirmationStatus: 'finalized',
    confirmations: null,
    err: record.err,
    slot: record.slot,
    status: record.err === null ? { Ok: null } : { Err: record.err },
  };
}

/** Newest first, paged with `before` / `until` like a validator. */
function signaturesForAddress(ledger: Ledger, params: unknown[]) {
  const addr = expectAddress(params[0]);
  const config = configOf(params[1]);
  const limit = Math.min(Number(config.limit ?? 1000), 1000);
  const list = [...ledger.signaturesFor(addr)].reverse();
  let start = 0;
  if (typeof config.before === 'string') {
    const index = list.indexOf(config.before);
    start = index < 0 ? list.length : index + 1;
  }
  const result: unknown[] = [];
  for (let i = start; i < list.length && result.length < limit; i += 1) {
    if (list[i] === config.until) break;
    const record = ledger.transaction(list[i]!);
    if (!record) continue;
    result.push({
      blockTime: record.blockTime,
      confirmationStatus: 'finalized',
      err: record.err,
      memo: null,
      signature: record.signature,
      slot: record.slot,
    });
  }
  return result;
}
