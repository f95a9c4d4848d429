import type { ChainId } from '@/server/chains/registry';
import type { BalanceReader } from './balance-reader';

export interface ReadBalanceParameters {
  wallet: string;
  /** Single-chain form: the chain (native coin, or `token` when given). */
  network?: ChainId;
  /** The token; the zero address or none means the native coin. */
  token?: string;
  /** Multi-chain form: every chain to read, in the order answered. */
  chains?: readonly ChainId[];
}

/**
 * The v1 balance answer, both forms. Chains are read in parallel; the answer is all or nothing, and when
 * several chains fail the error of the first one in the request's order is reported.
 */
export async function readBalance(reader: BalanceReader, input: ReadBalanceParameters) {
  if (input.network) {
    const amount = await reader.read(input.network, input.wallet, input.token);
    return { success: true as const, balance: amount.balance.toString(), decimals: amount.decimals };
  }
  const chains = [...new Set(input.chains ?? [])];
  const results = await Promise.allSettled(chains.map((chain) => reader.read(chain, input.wallet, input.token)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return {
    success: true as const,
    balances: results.map((result, index) => {
      const amount = (result as PromiseFulfilledResult<{ balance: bigint; decimals: number }>).value;
      return { chain: chains[index]!, balance: amount.balance.toString(), decimals: amount.decimals };
    }),
  };
}
