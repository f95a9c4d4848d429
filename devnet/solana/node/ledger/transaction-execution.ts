import type { Address } from '@solana/kit';
import { FailedTransactionMetadata } from 'litesvm';
import { computeFee } from '../codecs/compute-fee';
import { decodeWireTransaction, type DecodedTransaction } from '../codecs/wire-transaction';
import { RpcError } from '../errors/rpc-error';
import { landsOnChain, preflightFailure, type TransactionErrorJson } from '../errors/transaction-errors';
import type { NodeContext } from '../node-context';
import { accountKeysOf } from './account-keys';
import { executionMeta, recordedInnerInstructions } from './execution-meta';
import type { Ledger } from './ledger';
import { tokenBalances } from './token-balances';
import { lifetimeValid, signaturesValid } from './transaction-checks';
import type { TransactionRecord } from './transaction-record';

export interface ExecutionResult {
  signature: string;
  err: TransactionErrorJson | null;
}

/**
 * Runs a wire transaction the way a validator's sendTransaction does. With preflight, refusals and
 * simulation failures throw; without, they are `dropped` (never land, leave no trace).
 */
export async function submitTransaction(node: NodeContext, wire: Uint8Array, preflight: boolean): Promise<ExecutionResult & { dropped: boolean }> {
  const decoded = decodeWireTransaction(wire);
  const drop = (err: TransactionErrorJson) => ({ signature: decoded.signature, err, dropped: true });
  if (!(await signaturesValid(decoded.tx))) {
    if (preflight) throw new RpcError(-32003, 'Transaction signature verification failure');
    return drop('SignatureFailure');
  }
  const processed = node.ledger.transaction(decoded.signature);
  if (processed) {
    if (preflight) throw preflightFailure('AlreadyProcessed', []);
    return { signature: decoded.signature, err: processed.err, dropped: false };
  }
  if (!lifetimeValid(node.ledger, decoded)) {
    if (preflight) throw preflightFailure('BlockhashNotFound', []);
    return drop('BlockhashNotFound');
  }
  if (preflight) {
    const simulated = node.ledger.svm.simulateTransaction(decoded.tx);
    if (simulated instanceof FailedTransactionMetadata) {
      const meta = executionMeta(simulated);
      throw preflightFailure(meta.err!, meta.logs, meta.unitsConsumed);
    }
  }
  const result = execute(node, decoded, wire);
  return { ...result, dropped: result.err !== null && !landsOnChain(result.err) };
}

/** sendTransaction with skipPreflight, except that what a validator would drop throws. */
export async function processTransaction(node: NodeContext, wire: Uint8Array): Promise<ExecutionResult> {
  const result = await submitTransaction(node, wire, false);
  if (result.dropped) throw preflightFailure(result.err!, []);
  return { signature: result.signature, err: result.err };
}

function execute({ ledger, subscriptions }: NodeContext, decoded: DecodedTransaction, wire: Uint8Array): ExecutionResult {
  const accounts = accountKeysOf(ledger, decoded.message);
  const preBalances = lamportsOf(ledger, accounts.keys);
  const preTokenBalances = tokenBalances(ledger, accounts.keys);
  const meta = executionMeta(ledger.svm.sendTransaction(decoded.tx));
  if (meta.err !== null && !landsOnChain(meta.err)) return { signature: decoded.signature, err: meta.err };
  const postBalances = lamportsOf(ledger, accounts.keys);
  const { priorityFee, computeUnitPrice } = computeFee(decoded.message);
  const record: TransactionRecord = {
    signature: decoded.signature,
    slot: ledger.slot,
    blockTime: Math.floor(Date.now() / 1000),
    wire,
    version: decoded.message.version,
    err: meta.err,
    logs: meta.logs,
    fee: feePaid(accounts.keys, preBalances, postBalances),
    preBalances,
    postBalances,
    preTokenBalances,
    postTokenBalances: tokenBalances(ledger, accounts.keys),
    accountKeys: accounts.keys,
    staticAccountCount: accounts.staticCount,
    loadedAddresses: accounts.loaded,
    writable: accounts.writable,
    signers: accounts.signers,
    computeUnitsConsumed: meta.unitsConsumed,
    innerInstructions: recordedInnerInstructions(meta.innerInstructions),
    returnData: meta.returnData,
    priorityFee,
  };
  ledger.record(record);
  ledger.prioritizationFees.record(
    ledger.slot,
    computeUnitPrice,
    accounts.keys.filter((_, i) => accounts.writable[i]),
  );
  subscriptions.transactionLanded(record);
  return { signature: record.signature, err: record.err };
}

const lamportsOf = (ledger: Ledger, keys: Address[]) => keys.map((key) => ledger.readAccount(key)?.lamports ?? 0n);

/** What all the accounts lost together, counting an account listed twice once. */
function feePaid(keys: Address[], preBalances: bigint[], postBalances: bigint[]): bigint {
  const uniqueIndexes = keys.map((key, i) => keys.indexOf(key) === i);
  const sum = (values: bigint[]) => values.reduce((total, v, i) => (uniqueIndexes[i] ? total + v : total), 0n);
  return sum(preBalances) - sum(postBalances);
}
