import type { Address } from '@solana/kit';
import { isTokenProgram, parseTokenAccount } from '../codecs/token-layouts';
import { uiTokenAmount } from '../codecs/ui-token-amount';
import type { Ledger } from './ledger';
import type { TokenBalance } from './transaction-record';

/** The token accounts among a transaction's keys with their balances (pre/postTokenBalances). */
export function tokenBalances(ledger: Ledger, keys: Address[]): TokenBalance[] {
  const balances: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const account = ledger.readAccount(key);
    if (!account || !isTokenProgram(account.owner)) return;
    const parsed = parseTokenAccount(account.data);
    if (!parsed) return;
    balances.push({
      accountIndex,
      mint: parsed.mint,
      owner: parsed.owner,
      programId: account.owner,
      uiTokenAmount: uiTokenAmount(parsed.amount, ledger.mintDecimals(parsed.mint)),
    });
  });
  return balances;
}
