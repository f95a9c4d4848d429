import { z } from 'zod';
import type { RpcTransport } from '../../json-rpc';
import { requestChecked } from '../../rpc-answers';

const statusesSchema = z.object({
  value: z.array(
    z
      .object({
        err: z.unknown().nullable(),
        confirmationStatus: z.string().nullable().optional(),
        confirmations: z.number().nullable().optional(),
      })
      .nullable(),
  ),
});

export interface SignatureStatus {
  /** Confirmed or finalized; false while the transaction is only processed. */
  confirmed: boolean;
  /** Rooted: no fork can take it back. */
  finalized: boolean;
  /** Confirmed blocks on top of the transaction's; null once it is finalized (or when the node does not say). */
  confirmations: number | null;
  /** The transaction error when it failed on chain, else null. */
  err: unknown;
}

/** Where a transaction stands; undefined while the chain has not seen it. */
export async function getSignatureStatus(rpc: RpcTransport, signature: string): Promise<SignatureStatus | undefined> {
  const { value } = await requestChecked(rpc, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }], statusesSchema);
  const found = value[0];
  if (!found) return undefined;
  const finalized = found.confirmationStatus === 'finalized';
  const confirmed = finalized || found.confirmationStatus === 'confirmed';
  return { confirmed, finalized, confirmations: found.confirmations ?? null, err: found.err ?? null };
}
