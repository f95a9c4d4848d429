import type { ChainId } from '@/server/chains/registry';
import type { BalanceReader } from './balance-reader';

/** The v1 token-balance answer: raw balance and the token's own decimals (the zero address means native). */
export async function readTokenBalance(reader: BalanceReader, input: { wallet: string; token: string; network: ChainId }) {
  const amount = await reader.read(input.network, input.wallet, input.token);
  return { success: true as const, balance: amount.balance.toString(), decimals: amount.decimals };
}
