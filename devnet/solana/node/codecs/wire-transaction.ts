import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type ReadonlyUint8Array, type Transaction } from '@solana/kit';
import { invalidParams } from '../errors/rpc-error';
import { fromBase58, fromBase64, toBase58 } from './bytes';

type AnyCompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
/** Legacy and v0 messages: the versions wallets and clients send today. */
export type DecodedMessage = Extract<AnyCompiledMessage, { version: 'legacy' | 0 }>;

export function decodeMessage(bytes: Uint8Array | ReadonlyUint8Array): DecodedMessage {
  const message = getCompiledTransactionMessageDecoder().decode(bytes);
  if (message.version !== 'legacy' && message.version !== 0) throw new Error(`unsupported transaction version ${String(message.version)}`);
  return message;
}

export interface DecodedTransaction {
  tx: Transaction;
  message: DecodedMessage;
  signature: string;
  blockhash: string;
}

export function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  let tx: Transaction;
  let message: DecodedMessage;
  try {
    tx = getTransactionDecoder().decode(wire);
    message = decodeMessage(tx.messageBytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`);
  }
  const first = Object.values(tx.signatures)[0];
  const signature = toBase58(first ?? new Uint8Array(64));
  return { tx, message, signature, blockhash: String(message.lifetimeToken) };
}

/** The bytes of a transaction as sendTransaction and simulateTransaction receive it (base58 unless told). */
export function decodeEncodedTransaction(encoded: unknown, encoding: unknown): Uint8Array {
  if (typeof encoded !== 'string') throw invalidParams('Invalid params: invalid type: expected a string');
  const kind = encoding ?? 'base58';
  const named = typeof kind === 'string' ? kind : JSON.stringify(kind);
  try {
    if (kind === 'base64') return new Uint8Array(fromBase64(encoded));
    if (kind === 'base58') return new Uint8Array(fromBase58(encoded));
  } catch {
    throw invalidParams(`invalid ${named} encoding`);
  }
  throw invalidParams(`unsupported encoding: ${named}. Supported encodings: base58, base64`);
}
