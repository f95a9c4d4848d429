/** The transaction page's words and amounts, from the answer of `transactions.view`. */
import { shortAddress } from '@/components/swap/lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { CHAINS, type ChainId } from '@/server/chains/registry';

export type TransactionStatus = 'success' | 'reverted' | 'pending' | 'not-found';

const STATUS_TEXT: Record<TransactionStatus, string> = {
  success: 'Success',
  reverted: 'Reverted',
  pending: 'Pending',
  'not-found': 'Not found',
};

export function statusText(status: TransactionStatus): string {
  return STATUS_TEXT[status];
}

/** What the status means, in a sentence for the person who followed a link here. */
export function statusExplanation(status: TransactionStatus, chain: ChainId): string | undefined {
  const { name } = CHAINS[chain];
  if (status === 'not-found') return `${name} has no transaction with this hash. It may not have been sent yet, or it was sent on another chain.`;
  if (status === 'pending') return `${name} has the transaction but has not put it in a block yet.`;
  if (status === 'reverted') return 'The transaction was mined but failed: nothing it tried to do took effect, and only the network fee was paid.';
  return undefined;
}

export interface AmountToken {
  address: string;
  symbol: string | null;
  decimals: number;
}

/** A token's name on the page: its symbol, or its shortened address when it does not say. */
export function tokenLabel(token: AmountToken): string {
  return token.symbol ?? shortAddress(token.address);
}

/** Raw units with the token's symbol ("10,000 USDC"); `signed` puts a + before a gain. */
export function tokenAmountText(raw: string, token: AmountToken, options: { signed?: boolean } = {}): string {
  const amount = formatAmount(raw, token.decimals);
  return `${options.signed && BigInt(raw) > 0n ? '+' : ''}${amount} ${tokenLabel(token)}`;
}

/** Block numbers and slots grouped as the other figures of the pages ("1,234"). */
export function blockText(block: string): string {
  return formatAmount(block, 0);
}
