/**
 * The signed transactions of an execute, matched to the ones its quote committed to: each must be the quoted
 * transaction unchanged (same unsigned payload) and signed by the quoted trader, in the quote's order.
 */
import type { SignedEvmTx } from '@/server/chains/evm/evm-transactions';
import { readSignedTx } from '@/server/chains/evm/evm-transactions';
import type { QuoteClaims } from '../quote-id';
import { tradeFailure } from '../trade-failures';
import type { EvmExecuteRequest } from './evm-execute';

export interface SignedEntry {
  role: QuoteClaims['txs'][number]['role'];
  index: number;
  tx: SignedEvmTx;
}

export function tradeIndex(entries: SignedEntry[]): number {
  return entries.find((entry) => entry.role === 'trade')!.index;
}

/** Each signed transaction must be the quoted one (same unsigned payload) and be signed by the trader. */
export async function matchSignedTransactions(request: Pick<EvmExecuteRequest, 'claims' | 'trade' | 'approve' | 'extra'>): Promise<SignedEntry[]> {
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
    const tx = await readSignedTx(raw, field);
    if (tx.unsignedHash !== quoted.hash) throw tradeFailure('TX_MISMATCH', `${field} differs from the quoted transaction`, field);
    if (tx.signer.toLowerCase() !== claims.trader.toLowerCase()) {
      throw tradeFailure('INVALID_SIGNATURE', `${field} is signed by ${tx.signer}, the quote is for ${claims.trader}`, field);
    }
    entries.push({ role: quoted.role, index, tx });
  }
  return entries;
}
