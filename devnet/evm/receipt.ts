import type { Hex, PublicClient, TransactionReceipt } from 'viem';
import { pollUntil } from '@/server/chains/poll-until';

const WAIT_MS = 60_000;

/**
 * The receipt of a transaction sent to a local node, asked for directly until it is there. viem's
 * `waitForTransactionReceipt` looks again only when a new block appears, and on an automining node that
 * nobody else is using, no block may come after the one the node mined on its own. A transaction that is
 * still not mined after `timeoutMs` fails with what the node says of it and of its sender's nonces, so that a
 * stuck send (a nonce gap, a fee under the base fee) names itself.
 */
export async function receiptOf(client: PublicClient, hash: Hex, timeoutMs = WAIT_MS): Promise<TransactionReceipt> {
  const receipt = await pollUntil(() => client.getTransactionReceipt({ hash }).catch(() => undefined), { timeoutMs });
  if (!receipt) throw new Error(`no receipt for ${hash} after ${timeoutMs} ms: ${await stuckSendReport(client, hash)}`);
  return receipt;
}

async function stuckSendReport(client: PublicClient, hash: Hex): Promise<string> {
  try {
    const transaction = await client.getTransaction({ hash }).catch(() => undefined);
    const head = await client.getBlock();
    if (!transaction) return `the node does not know it; head block ${head.number}`;
    const [latest, pending] = await Promise.all(
      (['latest', 'pending'] as const).map((blockTag) => client.getTransactionCount({ address: transaction.from, blockTag })),
    );
    return [
      `from ${transaction.from} nonce ${transaction.nonce} (its latest nonce ${latest}, pending ${pending})`,
      `max fee ${transaction.maxFeePerGas ?? transaction.gasPrice}, head block ${head.number} base fee ${head.baseFeePerGas}`,
    ].join('; ');
  } catch (error) {
    return `the node could not be asked (${String(error)})`;
  }
}
