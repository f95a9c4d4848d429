/**
 * The signed transactions of an execute, matched to the ones its quote committed to: each must be the quoted
 * transaction unchanged (same unsigned payload) and signed by the quoted trader, in the quote's order. The
 * payloads are compared first; the signers, the costly part, are recovered while the chain answers the
 * execute's read-only checks, and before anything is stored or sent.
 */
import { parseSignedTx, recoverSignedTx, type ParsedSignedTx } from '@/server/chains/evm/evm-transactions';
import type { QuoteClaims } from '../quote-id';
import { tradeFailure } from '@/server/trade-failures';
import type { EvmExecuteRequest } from './evm-execute-types';

export interface SignedEntry {
  role: QuoteClaims['txs'][number]['role'];
  index: number;
  field: 'trade' | 'approve' | 'extra';
  tx: ParsedSignedTx;
}

export function tradeIndex(entries: SignedEntry[]): number {
  return entries.find((entry) => entry.role === 'trade')!.index;
}

/** Each signed transaction must be the quoted one (same unsigned payload); `checkSigners` then checks who signed. */
export function matchQuotedTransactions(request: Pick<EvmExecuteRequest, 'claims' | 'trade' | 'approve' | 'extra'>): SignedEntry[] {
  const { claims } = request;
  const entries: SignedEntry[] = [];
  const fieldOf = { trade: 'trade', approve: 'approve', reset: 'extra', pretrade: 'extra' } as const;
  const given = { trade: request.trade, approve: request.approve, extra: request.extra };
  for (const field of ['approve', 'extra'] as const) {
    if (given[field] && !claims.txs.some((entry) => fieldOf[entry.role] === field)) {
      throw tradeFailure('TX_MISMATCH', `the quote has no ${field} transaction; leave ${field} out`, field);
    }
  }
  const tradeAt = claims.txs.findIndex((entry) => entry.role === 'trade');
  for (const [index, quoted] of claims.txs.entries()) {
    const field = fieldOf[quoted.role];
    const raw = given[field];
    if (!raw) {
      if (index < tradeAt) throw tradeFailure('APPROVAL_REQUIRED', `the quote's ${field} transaction must be signed and sent with the trade`, field);
      continue; // an approval after a BUY is optional
    }
    const tx = parseSignedTx(raw, field);
    if (tx.unsignedHash !== quoted.hash) throw tradeFailure('TX_MISMATCH', `${field} differs from the quoted transaction`, field);
    entries.push({ role: quoted.role, index, field, tx });
  }
  return entries;
}

/** Every matched transaction must be signed by the quoted trader. */
export function checkSigners(entries: SignedEntry[], trader: string): void {
  for (const { field, tx } of entries) {
    const signer = recoverSignedTx(tx, field);
    if (signer.toLowerCase() !== trader.toLowerCase()) {
      throw tradeFailure('INVALID_SIGNATURE', `${field} is signed by ${signer}, the quote is for ${trader}`, field);
    }
  }
}
