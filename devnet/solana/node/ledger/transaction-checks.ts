import { getPublicKeyFromAddress, verifySignature, type Address, type Transaction } from '@solana/kit';
import { readU32, toBase58 } from '../codecs/bytes';
import type { DecodedTransaction } from '../codecs/wire-transaction';
import { SYSTEM_PROGRAM } from '../constants';
import type { Ledger } from './ledger';

export async function signaturesValid(tx: Transaction): Promise<boolean> {
  for (const [signer, signature] of Object.entries(tx.signatures)) {
    if (!signature) return false;
    const key = await getPublicKeyFromAddress(signer as Address);
    if (!(await verifySignature(key, signature, tx.messageBytes))) return false;
  }
  return true;
}

/** LiteSVM's own blockhash check is off (it knows only its latest), so lifetimes are checked here. */
export function lifetimeValid(ledger: Ledger, decoded: DecodedTransaction) {
  return ledger.isBlockhashValid(decoded.blockhash) || hasValidNonce(ledger, decoded);
}

/** Durable-nonce lifetime: first instruction is System AdvanceNonceAccount on a nonce holding the blockhash. */
function hasValidNonce(ledger: Ledger, decoded: DecodedTransaction): boolean {
  const ix = decoded.message.instructions[0];
  if (!ix || decoded.message.staticAccounts[ix.programAddressIndex] !== SYSTEM_PROGRAM) return false;
  const data = ix.data ? new Uint8Array(ix.data) : new Uint8Array();
  if (data.length < 4 || readU32(data, 0) !== 4) return false;
  const nonceIndex = ix.accountIndices?.[0];
  const nonceAddress = nonceIndex === undefined ? undefined : decoded.message.staticAccounts[nonceIndex];
  const nonce = nonceAddress ? ledger.readAccount(nonceAddress) : null;
  if (!nonce || nonce.owner !== SYSTEM_PROGRAM || nonce.data.length < 80 || readU32(nonce.data, 4) !== 1) return false;
  return toBase58(nonce.data.subarray(40, 72)) === decoded.blockhash;
}
