/**
 * Sends a signed transaction and waits for its receipt. A node that implements EIP-7966
 * (`eth_sendRawTransactionSync`: anvil does, as do chains with real-time blocks) answers with the receipt in
 * the same call, one round trip where send and polls take two or more; for the others it is
 * `eth_sendRawTransaction`, then receipt polls. A node that does not know the method is remembered as such
 * (per transport), so it is asked once.
 *
 * The one send-then-wait of the EVM family: a private order-flow RPC that only sends (`sendVia`), a wait that
 * stops early (`stop`) and a transaction that may have landed already (`lookFirst`) are options of it, not
 * hand-built sequences of sends and polls.
 */
import { JsonRpcError, type RpcTransport } from '../../json-rpc';
import { parseAnswer } from '../../rpc-answers';
import type { PollOptions } from '../../poll-until';
import { receiptSchema, type EvmReceipt } from '../evm-schemas';
import { classifySendRefusal, TransactionRefusedError } from '../send-refusals';
import { getTransactionReceipt } from './get-transaction-receipt';
import { sendRawTransaction } from './send-raw-transaction';
import { waitForReceipt } from './wait-for-receipt';

/** The longest the call is held open here (a node answers code 4 after its own wait, then receipts are polled). */
const SYNC_WAIT_MS = 10_000;
/** EIP-7966: the transaction was accepted but not processed within the wait. */
const SYNC_TIMEOUT_CODE = 4;
const METHOD_NOT_FOUND = -32601;

const withoutSync = new WeakSet<RpcTransport>();

function unsupported(error: JsonRpcError): boolean {
  return error.rpcCode === METHOD_NOT_FOUND || /method .*(not found|not supported|does not exist|unsupported)|unknown method/i.test(error.message);
}

export interface SendAndWaitForReceiptOptions extends PollOptions {
  hash: string;
  /**
   * This transaction may have been sent, even mined, before, so its nonce being used is no refusal (the
   * receipt tells what became of it).
   */
  resend?: boolean;
  /** An earlier attempt may have got it mined: its receipt is looked for first, and the transaction sent only without one. */
  lookFirst?: boolean;
  /** Sent through this RPC (a private order-flow one, which holds no receipts), and the receipt polled on `rpc`. */
  sendVia?: RpcTransport;
}

/**
 * The receipt, or undefined when `timeoutMs` passed (or `stop` said it can never be mined) first. The send
 * and the wait are one call only where the chain's own RPC sends and nothing else is watched while waiting:
 * a node's own wait cannot be stopped.
 */
export async function sendAndWaitForReceipt(rpc: RpcTransport, raw: string, options: SendAndWaitForReceiptOptions): Promise<EvmReceipt | undefined> {
  if (options.lookFirst) {
    const known = await getTransactionReceipt(rpc, options.hash);
    if (known) return known;
  }
  if (options.sendVia || options.stop || options.lookFirst) {
    await sendRawTransaction(options.sendVia ?? rpc, raw, { resend: options.resend });
    return waitForReceipt(rpc, options.hash, options);
  }
  if (!withoutSync.has(rpc)) {
    try {
      // The node's own wait applies (EIP-7966 lets it cap any asked for); ours only bounds a node that hangs.
      const result = await rpc.request('eth_sendRawTransactionSync', [raw], { timeoutMs: Math.min(options.timeoutMs, SYNC_WAIT_MS) });
      return parseAnswer(rpc.chain, 'eth_sendRawTransactionSync', receiptSchema, result);
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      if (unsupported(error)) withoutSync.add(rpc);
      else if (error.rpcCode === SYNC_TIMEOUT_CODE) return waitForReceipt(rpc, options.hash, options);
      else {
        const refusal = classifySendRefusal(error.message);
        if (refusal !== 'known' && !(refusal === 'NONCE_TOO_LOW' && options.resend))
          throw new TransactionRefusedError(refusal, error.message, { cause: error });
        return waitForReceipt(rpc, options.hash, options);
      }
    }
  }
  await sendRawTransaction(rpc, raw, { resend: options.resend });
  return waitForReceipt(rpc, options.hash, options);
}
