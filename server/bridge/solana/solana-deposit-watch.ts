/**
 * Finding the trader's deposits on Solana: waiting for one just sent, reading it again until it is final, and
 * scanning the depository's signature history for the ones sent straight from a wallet. The solver's own fills
 * and refunds appear there too (they debit the same address) and are told apart by the direction of the transfer.
 */
import { z } from 'zod';
import { sleep } from '@/server/chains/poll-until';
import { batchAnswer, requestChecked } from '@/server/chains/rpc-answers';
import { getSignatureStatus } from '@/server/chains/solana/actions/get-signature-status';
import { waitForConfirmation } from '@/server/chains/solana/actions/wait-for-confirmation';
import type { DepositRecheck, DepositState, FoundDeposit, ScannedDeposits } from '../bridge-chain';
import { solanaDepth } from '../deposit-depth';
import type { SolanaBridgeContext } from './solana-bridge-context';
import { depositOf, landedTransactionSchema } from './solana-deposits';

/** getSignaturesForAddress answers at most this many per call; older ones are paged with `before`. */
const SIGNATURE_PAGE = 1_000;
/** Transactions read per scan: a long backlog is worked through oldest first over several scans. */
const MAX_SCANNED_TRANSACTIONS = 200;
const TRANSACTIONS_PER_BATCH = 10;
const POLL_MS = 200;

const signaturesSchema = z.array(z.object({ signature: z.string(), err: z.unknown().nullable() }));

const transactionRequest = (signature: string) => ({
  method: 'getTransaction',
  params: [signature, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
});

/** Signatures newer than `until` (all of them when undefined), newest first, paged back with `before`. */
async function signaturesSince(context: SolanaBridgeContext, until: string | undefined) {
  const found: z.infer<typeof signaturesSchema> = [];
  for (;;) {
    const before = found.at(-1)?.signature;
    const page = await requestChecked(
      context.rpc,
      'getSignaturesForAddress',
      [
        context.depository,
        {
          limit: SIGNATURE_PAGE,
          commitment: 'finalized',
          ...(until ? { until } : {}),
          ...(before ? { before } : {}),
        },
      ],
      signaturesSchema,
    );
    found.push(...page);
    if (page.length < SIGNATURE_PAGE) return found;
  }
}

/** The landed deposit, read at `confirmed` (a node may report the status a moment before it serves the transaction). */
async function landedDeposit(context: SolanaBridgeContext, signature: string): Promise<FoundDeposit | 'unread' | undefined> {
  const { params } = transactionRequest(signature);
  const transaction = await requestChecked(context.rpc, 'getTransaction', params, landedTransactionSchema);
  return transaction ? await depositOf(signature, transaction, context.depository) : 'unread';
}

export async function waitForDeposit(context: SolanaBridgeContext, signature: string, timeoutMs: number): Promise<DepositState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const landed = await waitForConfirmation(context.rpc, signature, { timeoutMs: deadline - Date.now() });
    if (landed.state !== 'confirmed') return { state: 'pending' };
    if (landed.err !== null) return { state: 'reverted' };
    const deposit = await landedDeposit(context, signature);
    if (deposit !== 'unread') {
      if (!deposit) return { state: 'reverted' };
      // Its depth as the status just read tells it: on a node that finalizes at once, final without another read.
      return { state: 'confirmed', deposit, ...solanaDepth(landed.status, context.confirmations) };
    }
    if (Date.now() > deadline) return { state: 'pending' };
    await sleep(POLL_MS);
  }
}

/** Its status again (with the history, so a finalized one is always found), and at depth the transaction itself. */
export async function recheckDeposit(context: SolanaBridgeContext, signature: string): Promise<DepositRecheck> {
  const status = await getSignatureStatus(context.rpc, signature);
  // Unknown to the cluster now, or failed: the fork that had it was abandoned (or it never paid).
  if (!status || status.err !== null) return { state: 'gone' };
  const { depth, final } = solanaDepth(status, context.confirmations);
  if (!final) return { state: 'below', depth };
  const deposit = await landedDeposit(context, signature);
  if (deposit === 'unread') return { state: 'below', depth };
  return deposit ? { state: 'final', deposit, depth } : { state: 'gone' };
}

/**
 * Finalized history only: a cursor on a fork that was abandoned would never be found again as `until`, and a
 * finalized deposit is final at any depth, so the scan reports no deposit as merely seen.
 */
export async function scanDeposits(context: SolanaBridgeContext, cursor: string | undefined): Promise<ScannedDeposits> {
  if (cursor === undefined) {
    const [newest] = await requestChecked(
      context.rpc,
      'getSignaturesForAddress',
      [context.depository, { limit: 1, commitment: 'finalized' }],
      signaturesSchema,
    );
    return { deposits: [], cursor: newest?.signature ?? '' };
  }
  // An empty cursor: the depository had no history when scanning began, so all of it is new.
  const newer = (await signaturesSince(context, cursor || undefined)).reverse().slice(0, MAX_SCANNED_TRANSACTIONS);
  const deposits: FoundDeposit[] = [];
  let reached = cursor;
  for (let start = 0; start < newer.length; start += TRANSACTIONS_PER_BATCH) {
    const chunk = newer.slice(start, start + TRANSACTIONS_PER_BATCH);
    const succeeded = chunk.filter((entry) => entry.err === null);
    const answers = await context.rpc.requestBatch(succeeded.map((entry) => transactionRequest(entry.signature)));
    const landed = new Map(succeeded.map((entry, index) => [entry.signature, batchAnswer('SOL', 'getTransaction', landedTransactionSchema, answers[index])]));
    for (const entry of chunk) {
      if (entry.err === null) {
        const transaction = landed.get(entry.signature);
        // Not served yet: stop before it, so the next scan reads it rather than skipping it.
        if (!transaction) return { deposits, cursor: reached };
        const deposit = await depositOf(entry.signature, transaction, context.depository);
        if (deposit) deposits.push(deposit);
      }
      reached = entry.signature;
    }
  }
  return { deposits, cursor: reached };
}
