import { JsonRpcError, type RpcTransport } from '../../json-rpc';

/** The node refused a transaction; `transactionError` is the reason when it names one (see solana-errors.ts). */
export class TransactionRefusedError extends Error {
  override readonly name = 'TransactionRefusedError';
  /** The transaction error of a failed preflight, 'SignatureFailure', or undefined for any other refusal. */
  readonly transactionError: unknown;
  constructor(readonly rpcError: JsonRpcError) {
    super(rpcError.message, { cause: rpcError });
    // -32003: signature verification failed before simulation.
    this.transactionError = rpcError.rpcCode === -32003 ? 'SignatureFailure' : (rpcError.data as { err?: unknown } | undefined)?.err;
  }
}

export interface SendTransactionOptions {
  /**
   * Simulate first, at the confirmed commitment, so a transaction that would fail is refused unsent. Without
   * it the node forwards the transaction once, as is (the caller simulated already, or chose not to).
   */
  preflight: boolean;
}

/**
 * Sends a signed transaction (base64). Sending one the chain already processed is not an error; a refusal
 * throws TransactionRefusedError, and a node out of reach the transport's AppError.
 */
export async function sendTransaction(rpc: RpcTransport, raw: string, options: SendTransactionOptions): Promise<void> {
  const config = options.preflight ? { encoding: 'base64', preflightCommitment: 'confirmed' } : { encoding: 'base64', skipPreflight: true, maxRetries: 0 };
  try {
    await rpc.request('sendTransaction', [raw, config]);
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    const refused = new TransactionRefusedError(error);
    if (refused.transactionError === 'AlreadyProcessed') return;
    throw refused;
  }
}
