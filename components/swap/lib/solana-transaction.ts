/**
 * The Solana quote hands out one unsigned v0 transaction (base64) with the trader as fee payer and empty
 * signature slots; the maker's slot is filled by the server at execute. Solana wallets sign only, so the page
 * has the wallet sign it unchanged and gives the signed bytes back to the server.
 */
import { VersionedTransaction } from '@solana/web3.js';

export class QuotedSolanaTransactionError extends Error {
  override readonly name = 'QuotedSolanaTransactionError';
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In chunks: String.fromCharCode takes its bytes as arguments, and arguments are limited.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/**
 * A quoted transaction, checked before the wallet sees it: its fee payer (the first signer) must be the
 * connected wallet. A swap trade must also be v0 (what the quote builds); a bridge deposit may be legacy or
 * v0. Anything else is not what this page asked the server for.
 */
export function parseQuotedSolanaTransaction(serialized: string, trader: string, kind: 'trade' | 'deposit' = 'trade'): VersionedTransaction {
  let tx: VersionedTransaction;
  try {
    if (!BASE64.test(serialized)) throw new Error('not base64');
    tx = VersionedTransaction.deserialize(base64ToBytes(serialized));
  } catch {
    throw new QuotedSolanaTransactionError('The quote carries no Solana transaction.');
  }
  if (kind === 'trade' && tx.version !== 0) throw new QuotedSolanaTransactionError('The quoted Solana transaction is not a v0 transaction.');
  const payer = tx.message.staticAccountKeys[0];
  if (!payer || payer.toBase58() !== trader) {
    throw new QuotedSolanaTransactionError(
      kind === 'trade'
        ? 'The quoted Solana transaction is not paid by the connected wallet.'
        : 'The quoted deposit is not paid by the connected Solana wallet. Get a new quote.',
    );
  }
  return tx;
}

/** The wallet's signed transaction as execute takes it; refused when the fee payer's slot is still empty. */
export function serializeSignedSolanaTransaction(tx: VersionedTransaction): string {
  const payerSignature = tx.signatures[0];
  if (!payerSignature || payerSignature.every((byte) => byte === 0)) {
    throw new QuotedSolanaTransactionError('The wallet returned the transaction without its signature.');
  }
  return bytesToBase64(tx.serialize());
}
