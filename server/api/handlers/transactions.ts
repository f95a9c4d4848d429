/** The transaction page's answer: the domain's view with its amounts as strings, the JSON edge's form. */
import type { z } from 'zod';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { readTransactionView } from '@/server/chains/transaction-view';
import type { LocalWorld } from '@/server/devnet/local-world';
import { knownTokens } from '@/server/tokens/known-tokens';
import type { transactionViewInput, transactionViewOutput } from '../contract/transactions';

export async function transactionViewAnswer(
  services: { chains: ChainDirectory; localWorld?: LocalWorld },
  input: z.output<typeof transactionViewInput>,
): Promise<z.input<typeof transactionViewOutput>> {
  const view = await readTransactionView({ chain: services.chains[input.chain], known: knownTokens(services.localWorld, input.chain) }, input.hash);
  return {
    success: true,
    transaction: {
      ...view,
      block: view.block?.toString() ?? null,
      value: view.value?.toString() ?? null,
      transfers: view.transfers.map((transfer) => ({ ...transfer, amount: transfer.amount.toString() })),
      balanceChanges: view.balanceChanges.map((entry) => ({ ...entry, change: entry.change.toString() })),
    },
  };
}
