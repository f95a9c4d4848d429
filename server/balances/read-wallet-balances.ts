import type { ChainId } from '@/server/chains/registry';
import type { BalanceReader } from './balance-reader';

/** Bounds one request: a chain's list is a few dozen tokens; a pasted token adds one. */
export const MAX_LISTED_BALANCES = 100;

export interface ListedBalance {
  token: string;
  /** Raw units; null when this token could not be read (the others still are). */
  balance: bigint | null;
}

/**
 * One wallet's balance of each token of a list on one chain, read in parallel, for a token picker: a token
 * that cannot be read (a broken contract, a node hiccup) leaves its own row unknown instead of the list.
 */
export async function readWalletBalances(
  reader: BalanceReader,
  input: { chain: ChainId; wallet: string; tokens: readonly string[] },
): Promise<ListedBalance[]> {
  const tokens = [...new Set(input.tokens)];
  const results = await Promise.allSettled(tokens.map((token) => reader.read(input.chain, input.wallet, token)));
  return results.map((result, index) => ({
    token: tokens[index]!,
    balance: result.status === 'fulfilled' ? result.value.balance : null,
  }));
}
