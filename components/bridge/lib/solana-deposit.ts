/**
 * The Solana bridge quote hands out one unsigned transaction (base64) paying the deposit, with the trader
 * as fee payer. Solana wallets sign only: the wallet signs it unchanged and the server sends it (execute).
 */
import { VersionedTransaction } from '@solana/web3.js';
import { QuotedSolanaTransactionError, base64ToBytes } from '@/components/swap/lib/solana-transaction';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The quoted deposit, legacy or v0, checked to be paid by the connected wallet before the wallet sees it. */
export function parseQuotedSolanaDeposit(serialized: string, trader: string): VersionedTransaction {
  let tx: VersionedTransaction;
  try {
    if (!BASE64.test(serialized)) throw new Error('not base64');
    tx = VersionedTransaction.deserialize(base64ToBytes(serialized));
  } catch {
    throw new QuotedSolanaTransactionError('The quote carries no Solana transaction.');
  }
  const payer = tx.message.staticAccountKeys[0];
  if (!payer || payer.toBase58() !== trader) {
    throw new QuotedSolanaTransactionError('The quoted deposit is not paid by the connected Solana wallet. Get a new quote.');
  }
  return tx;
}
