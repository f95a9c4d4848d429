import { FailedTransactionMetadata, type SimulatedTransactionInfo } from 'litesvm';
import { encodeAccount } from '../codecs/account-encoding';
import { computeFee } from '../codecs/compute-fee';
import { withContext } from '../codecs/with-context';
import { decodeEncodedTransaction, decodeWireTransaction } from '../codecs/wire-transaction';
import { MAX_PROCESSING_AGE } from '../constants';
import { RpcError, invalidParams } from '../errors/rpc-error';
import { executionMeta } from '../ledger/execution-meta';
import { toAccountView, type Ledger } from '../ledger/ledger';
import { lifetimeValid, signaturesValid } from '../ledger/transaction-checks';
import type { NodeContext } from '../node-context';
import { configOf, expectAddress } from './rpc-params';

type Simulation = FailedTransactionMetadata | SimulatedTransactionInfo;

const EMPTY_SIMULATION = { accounts: null, innerInstructions: null, loadedAccountsDataSize: 0, replacementBlockhash: null, returnData: null, unitsConsumed: 0 };

/** simulateTransaction: runs against the current state without recording, signatures unchecked unless asked. */
export async function simulateTransaction({ ledger }: NodeContext, params: unknown[]) {
  const config = configOf(params[1]);
  const decoded = decodeWireTransaction(decodeEncodedTransaction(params[0], config.encoding));
  const replace = config.replaceRecentBlockhash === true;
  const sigVerify = config.sigVerify === true;
  if (replace && sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  if (sigVerify && !(await signaturesValid(decoded.tx))) {
    throw new RpcError(-32003, 'Transaction signature verification failure');
  }
  if (!replace && !lifetimeValid(ledger, decoded)) return withContext(ledger, { ...EMPTY_SIMULATION, err: 'BlockhashNotFound', logs: [] });
  if (ledger.transaction(decoded.signature) && sigVerify) return withContext(ledger, { ...EMPTY_SIMULATION, err: 'AlreadyProcessed', logs: [] });
  ledger.svm.withSigverify(false);
  let simulated: Simulation;
  try {
    simulated = ledger.svm.simulateTransaction(decoded.tx);
  } finally {
    ledger.svm.withSigverify(true);
  }
  const meta = executionMeta(simulated instanceof FailedTransactionMetadata ? simulated : simulated.meta());
  return withContext(ledger, {
    ...EMPTY_SIMULATION,
    accounts: requestedAccounts(ledger, simulated, config.accounts as RequestedAccounts | undefined),
    err: meta.err,
    fee: computeFee(decoded.message).fee,
    innerInstructions: config.innerInstructions ? [] : null,
    logs: meta.logs,
    replacementBlockhash: replace ? { blockhash: ledger.latestBlockhash, lastValidBlockHeight: ledger.slot + MAX_PROCESSING_AGE } : null,
    returnData: meta.returnData,
    unitsConsumed: meta.unitsConsumed,
  });
}

interface RequestedAccounts {
  addresses?: unknown[];
  encoding?: string;
}

/** The accounts the caller asked for, as the simulation left them (or as they are, if it did not touch them). */
function requestedAccounts(ledger: Ledger, simulated: Simulation, requested: RequestedAccounts | undefined): unknown {
  if (!requested?.addresses) return null;
  const post = simulated instanceof FailedTransactionMetadata ? [] : simulated.postAccounts();
  return requested.addresses.map((a) => {
    const addr = expectAddress(a);
    const found = post.find((p) => p.address === addr);
    const view = found ? toAccountView(addr, found) : ledger.readAccount(addr);
    return encodeAccount(ledger, view, { encoding: requested.encoding ?? 'base64' });
  });
}
