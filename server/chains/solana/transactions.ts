/**
 * Solana transactions with @solana/kit: a v0 message compiled for a fee payer and blockhash, and a wire
 * transaction (base64) read back with its compiled message.
 */
import {
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type AddressesByLookupTableAddress,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
  type Instruction,
  type Transaction,
} from '@solana/kit';

/** A legacy or v0 message (what the service builds and takes), with its blockhash as `lifetimeToken`. */
export type CompiledMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime;

function legacyOrV0(message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>): CompiledMessage {
  if (message.version === 1) throw new Error('Solana v1 transactions are not supported');
  return message;
}

/** A v0 transaction, unsigned: `instructions` in order, accounts found in `lookupTables` loaded from them. */
export function compileV0Transaction(input: {
  feePayer: Address;
  blockhash: string;
  lastValidBlockHeight?: number;
  instructions: readonly Instruction[];
  lookupTables?: AddressesByLookupTableAddress;
}): Transaction {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(input.feePayer, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(input.blockhash), lastValidBlockHeight: BigInt(input.lastValidBlockHeight ?? 0) },
        draft,
      ),
    (draft) => appendTransactionMessageInstructions(input.instructions, draft),
  );
  return compileTransaction(input.lookupTables ? compressTransactionMessageUsingAddressLookupTables(message, input.lookupTables) : message);
}

/** The transaction as sent over the wire: base64. */
export const wireTransaction = (transaction: Transaction): string => getBase64EncodedWireTransaction(transaction);

/** The compiled message of a transaction (legacy or v0; v1 is refused). */
export const messageOf = (transaction: Transaction): CompiledMessage => legacyOrV0(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));

/** A wire transaction (base64) and its compiled message; throws when the text is not one. */
export function readTransaction(base64: string): { transaction: Transaction; message: CompiledMessage } {
  const transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
  return { transaction, message: messageOf(transaction) };
}

/** The fee payer's signature (the transaction id), null when it has not signed yet. */
function feePayerSignature(transaction: Transaction): Uint8Array | null {
  return Object.values(transaction.signatures)[0] ?? null;
}

const base58 = getBase58Decoder();
/** The transaction id: its first signature (the fee payer's) in base58; an unsigned transaction's is all ones. */
export const signatureOf = (transaction: Transaction): string => base58.decode(feePayerSignature(transaction) ?? new Uint8Array(64));
