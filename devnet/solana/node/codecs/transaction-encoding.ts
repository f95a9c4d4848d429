import type { TransactionRecord } from '../ledger/transaction-record';
import { toBase58, toBase64 } from './bytes';
import { decodeWireTransaction } from './wire-transaction';

/**
 * A recorded transaction as getTransaction answers it. `withVersion`: the client sent
 * maxSupportedTransactionVersion, so the answer carries the version and v0 lookups.
 */
export function encodeTransactionRecord(record: TransactionRecord, encoding: string, withVersion: boolean) {
  const result: Record<string, unknown> = {
    blockTime: record.blockTime,
    meta: {
      computeUnitsConsumed: record.computeUnitsConsumed,
      costUnits: record.computeUnitsConsumed,
      err: record.err,
      fee: record.fee,
      innerInstructions: record.innerInstructions.map((entry) =>
        encoding === 'jsonParsed'
          ? {
              index: entry.index,
              instructions: entry.instructions.map((ix) => ({
                accounts: ix.accounts.map((i) => record.accountKeys[i]),
                data: ix.data,
                programId: record.accountKeys[ix.programIdIndex],
                stackHeight: ix.stackHeight,
              })),
            }
          : entry,
      ),
      loadedAddresses: record.loadedAddresses,
      logMessages: record.logs,
      postBalances: record.postBalances,
      postTokenBalances: record.postTokenBalances,
      preBalances: record.preBalances,
      preTokenBalances: record.preTokenBalances,
      returnData: record.returnData ?? undefined,
      rewards: [],
      status: record.err === null ? { Ok: null } : { Err: record.err },
    },
    slot: record.slot,
    transaction: encodeTransaction(record, encoding, withVersion),
  };
  if (withVersion) result.version = record.version;
  return result;
}

function encodeTransaction(record: TransactionRecord, encoding: string, withVersion: boolean) {
  if (encoding === 'base64') return [toBase64(record.wire), 'base64'];
  if (encoding === 'base58') return [toBase58(record.wire), 'base58'];
  const { message, tx } = decodeWireTransaction(record.wire);
  const signatures = Object.values(tx.signatures).map((s) => toBase58(s ?? new Uint8Array(64)));
  const parsed = encoding === 'jsonParsed';
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  const json: Record<string, unknown> = {
    accountKeys: parsed
      ? record.accountKeys.map((pubkey, i) => ({
          pubkey,
          signer: record.signers[i],
          source: i < record.staticAccountCount ? 'transaction' : 'lookupTable',
          writable: record.writable[i],
        }))
      : message.staticAccounts,
    header: {
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      numRequiredSignatures: message.header.numSignerAccounts,
    },
    instructions: message.instructions.map((ix) => {
      const data = toBase58(ix.data ? new Uint8Array(ix.data) : new Uint8Array());
      const accounts = [...(ix.accountIndices ?? [])];
      return parsed
        ? { accounts: accounts.map((i) => record.accountKeys[i]), data, programId: record.accountKeys[ix.programAddressIndex], stackHeight: null }
        : { accounts, data, programIdIndex: ix.programAddressIndex, stackHeight: null };
    }),
    recentBlockhash: String(message.lifetimeToken),
  };
  if (parsed) delete json.header;
  if (withVersion && message.version !== 'legacy') {
    json.addressTableLookups = lookups.map((l) => ({
      accountKey: l.lookupTableAddress,
      readonlyIndexes: l.readonlyIndexes,
      writableIndexes: l.writableIndexes,
    }));
  }
  return { message: json, signatures };
}
