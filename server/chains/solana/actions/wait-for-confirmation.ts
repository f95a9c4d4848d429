import type { RpcTransport } from '../../json-rpc';
import { sleep } from '../../poll-until';
import { getSignatureStatus, type SignatureStatus } from './get-signature-status';

/** Solana confirms in a few hundred milliseconds: polled at that pace. */
const POLL_MS = 200;

/** `status`: the confirmed transaction's status as last read (how deep it is). */
export type Confirmation = { state: 'confirmed'; err: unknown; status: SignatureStatus } | { state: 'expired' | 'timeout' };

export interface WaitForConfirmationOptions {
  timeoutMs: number;
  /**
   * Asked while the transaction is not confirmed (`seen`: its status, undefined when the chain has not seen it):
   * true when it can provably never land, because its blockhash is past.
   */
  expired?: (seen: SignatureStatus | undefined) => Promise<boolean>;
}

/** Polls the transaction's status until it is confirmed (failed or not), expired, or `timeoutMs` passed. */
export async function waitForConfirmation(rpc: RpcTransport, signature: string, options: WaitForConfirmationOptions): Promise<Confirmation> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const status = await getSignatureStatus(rpc, signature);
    if (status?.confirmed) return { state: 'confirmed', err: status.err, status };
    if (options.expired && (await options.expired(status))) return { state: 'expired' };
    if (Date.now() > deadline) return { state: 'timeout' };
    await sleep(POLL_MS);
  }
}
