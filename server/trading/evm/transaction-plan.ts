/**
 * Which transactions a quote hands out and in which nonce order (README, "Trading (EVM)"): a SELL is
 * [reset], approve, trade when the allowance to the Router is below max; a v1 BUY is trade, then the
 * approval that lets the token be sold later. A USDT-style token refuses to go from a non-zero allowance to
 * max, so its allowance is reset to 0 first: quoted as its own transaction, or refused when the caller
 * cannot carry it (the wallet then sends the reset itself). A pre-trade transaction (a strategy token's
 * permit) comes before all of them; it travels in the same `extra` field, so with it a reset is refused.
 */
import type { ApprovalOrder } from '../swap-types';

export interface TransactionPlanInput {
  /** The trader's next nonce. */
  nonce: number;
  /** Whether and when the quote approves a token to the Router; undefined for none. */
  approval: { order: ApprovalOrder } | undefined;
  /** The approval token's current allowance to the Router. */
  allowance: bigint;
  /** The allowance the approval sets (the maximum unless the trade asked for an exact one); less calls for it. */
  required?: bigint;
  /** The token refuses to change a non-zero allowance to max without a reset. */
  needsReset: boolean;
  approvalReset: 'extra' | 'refuse';
  /** A transaction the trade needs first (the token's trading permit). */
  preTrade?: boolean;
}

export interface PlannedTx {
  role: 'pretrade' | 'reset' | 'approve';
  nonce: number;
}

export type TransactionPlan =
  { ok: true; before: PlannedTx[]; tradeNonce: number; after?: PlannedTx } | { ok: false; reason: 'reset-refused' | 'pretrade-refused' };

const MAX_ALLOWANCE = 2n ** 256n - 1n;

export function planTransactions(input: TransactionPlanInput): TransactionPlan {
  let needsApproval = input.approval !== undefined && input.allowance < (input.required ?? MAX_ALLOWANCE);
  const approveFirst = needsApproval && input.approval?.order === 'approve-then-trade';
  const needsReset = needsApproval && input.needsReset;
  // After a buy the token is not sold yet: its later sell's quote resets and approves.
  if (needsReset && !approveFirst) needsApproval = false;
  // One `extra` field: the caller that cannot carry it gets neither, and the permit leaves no room for a reset.
  if (input.preTrade && input.approvalReset === 'refuse') return { ok: false, reason: 'pretrade-refused' };
  if (needsReset && approveFirst && (input.approvalReset === 'refuse' || input.preTrade)) return { ok: false, reason: 'reset-refused' };

  const before: PlannedTx[] = [];
  let next = input.nonce;
  if (input.preTrade) before.push({ role: 'pretrade', nonce: next++ });
  if (approveFirst && needsReset) before.push({ role: 'reset', nonce: next++ });
  if (approveFirst) before.push({ role: 'approve', nonce: next++ });
  const tradeNonce = next++;
  const after: PlannedTx | undefined = needsApproval && !approveFirst ? { role: 'approve', nonce: next } : undefined;
  return { ok: true, before, tradeNonce, ...(after ? { after } : {}) };
}
