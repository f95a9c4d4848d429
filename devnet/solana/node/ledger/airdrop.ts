import type { Address } from '@solana/kit';
import { ComputeBudgetProgram, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { RpcError } from '../errors/rpc-error';
import { describeTransactionError } from '../errors/transaction-errors';
import type { NodeContext } from '../node-context';
import { processTransaction } from './transaction-execution';

/** Sends lamports from the node's faucet in a recorded transaction (what requestAirdrop does). */
export async function airdrop(node: NodeContext, to: Address, amount: bigint): Promise<string> {
  const { faucet, latestBlockhash } = node.ledger;
  // Two equal airdrops in one slot would be byte-identical (and deduplicated as already processed);
  // a varying compute-unit limit makes each faucet transaction unique.
  const unique = node.ledger.nextAirdropNumber() % 100_000;
  const tx = new Transaction({ feePayer: faucet.publicKey, recentBlockhash: latestBlockhash }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 + unique }),
    SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: new PublicKey(to), lamports: amount }),
  );
  tx.sign(faucet);
  const result = await processTransaction(node, new Uint8Array(tx.serialize()));
  if (result.err) throw new RpcError(-32603, `airdrop failed: ${describeTransactionError(result.err)}`);
  return result.signature;
}
