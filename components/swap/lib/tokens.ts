import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';

/** A token as the swap page shows it (the shape `tokens.known` and `tokens.lookup` answer with). */
export interface SwapToken {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** The chain's USD stable (from the chain's list). */
  stable?: true;
}

export function isNative(token: Pick<SwapToken, 'address'>): boolean {
  return token.address === NATIVE_TOKEN_ADDRESS;
}

/** One token: EVM addresses compare without case (checksums), Solana's base58 addresses exactly. */
export function sameToken(a: Pick<SwapToken, 'address'> | undefined, b: Pick<SwapToken, 'address'> | undefined): boolean {
  if (!a || !b) return false;
  return a.address.startsWith('0x') && b.address.startsWith('0x') ? a.address.toLowerCase() === b.address.toLowerCase() : a.address === b.address;
}

/**
 * The pair a chain's page opens with: its native token into its first stable, or else its first token.
 * A `preferredOut` (a link such as a token page's Trade button) is bought with the native token, or with
 * the first other token when it is the native token itself.
 */
export function defaultPair(tokens: readonly SwapToken[], preferredOut?: SwapToken): { tokenIn?: SwapToken; tokenOut?: SwapToken } {
  if (preferredOut) {
    const tokenIn = [...tokens.filter(isNative), ...tokens].find((token) => !sameToken(token, preferredOut));
    return { tokenIn, tokenOut: preferredOut };
  }
  const tokenIn = tokens.find(isNative) ?? tokens[0];
  const tokenOut = tokens.find((token) => /^USD/.test(token.symbol) && !sameToken(token, tokenIn)) ?? tokens.find((token) => !sameToken(token, tokenIn));
  return { tokenIn, tokenOut };
}

/**
 * Native coins kept back by Max, so the wallet can still pay for gas. Generous on purpose: a swap costs far
 * less on every chain of the table, and a failed swap for lack of gas costs more than the dust left over.
 */
export function nativeGasReserve(decimals: number): bigint {
  return 10n ** BigInt(decimals) / 100n;
}

/** What Max fills in, on the swap and the bridge alike: the whole balance, less the gas reserve for a native coin. */
export function maxSpendable(balance: bigint, coin: { native: boolean; decimals: number }): bigint {
  const max = coin.native ? balance - nativeGasReserve(coin.decimals) : balance;
  return max > 0n ? max : 0n;
}

/** A token of the picker with the wallet's balance of it, when known. */
export interface HeldToken {
  token: SwapToken;
  /** Raw units; undefined while unknown or unreadable. */
  balance?: bigint;
  /** USD value of the balance, when a price is known. */
  usd?: number;
}

/**
 * The picker's order: tokens the wallet holds first, the largest holding first (by USD value where both
 * have one, else by whole-token amount), then the tokens it does not hold in the list's own order.
 */
export function heldFirst(rows: readonly HeldToken[]): HeldToken[] {
  const held = rows.filter((row) => row.balance !== undefined && row.balance > 0n);
  const unheld = rows.filter((row) => !held.includes(row));
  const amount = (row: HeldToken) => Number(row.balance!) / 10 ** row.token.decimals;
  const sorted = [...held].sort((a, b) => (a.usd !== undefined && b.usd !== undefined ? b.usd - a.usd : amount(b) - amount(a)));
  return [...sorted, ...unheld];
}
