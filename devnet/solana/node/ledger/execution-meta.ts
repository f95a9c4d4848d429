import { FailedTransactionMetadata, type InnerInstruction, type TransactionMetadata } from 'litesvm';
import { toAddressString, toBase58, toBase64 } from '../codecs/bytes';
import { transactionErrorToJson } from '../errors/transaction-errors';
import type { RecordedInnerInstructions } from './transaction-record';

/** What LiteSVM reports about a run (or simulation), in the forms the RPC answers use. */
export function executionMeta(result: TransactionMetadata | FailedTransactionMetadata) {
  const failed = result instanceof FailedTransactionMetadata;
  const meta = failed ? result.meta() : result;
  const returned = meta.returnData();
  const returnBytes = returned.data();
  return {
    err: failed ? transactionErrorToJson(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    innerInstructions: meta.innerInstructions(),
    returnData:
      returnBytes.length > 0
        ? { programId: toAddressString(returned.programId()) as string, data: [toBase64(returnBytes), 'base64'] as [string, 'base64'] }
        : null,
  };
}

/** Inner instructions per top-level instruction, leaving out those that invoked nothing. */
export function recordedInnerInstructions(lists: InnerInstruction[][]): RecordedInnerInstructions[] {
  return lists
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: toBase58(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}
