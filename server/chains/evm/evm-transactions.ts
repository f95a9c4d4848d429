/**
 * The EVM transaction format of the interface: an unsigned transaction is the hex of a serialized typed
 * transaction (EIP-1559, or legacy where a chain lacks it) that viem's `parseTransaction` reads and a
 * wallet's `signTransaction` signs; execute takes the signed hex and checks it against the quoted hash.
 */
import { encodeAbiParameters, parseTransaction, serializeTransaction, type Address, type Hex, type TransactionSerializable } from 'viem';
import { AppError } from '@/server/errors';
import { recoverSignerOfHash, type SignatureParts } from './recover-signer';
import { keccak256 } from './keccak';

export interface UnsignedEvmTx {
  chainId: number;
  nonce: number;
  gas: bigint;
  to: Address;
  value: bigint;
  data: Hex;
  fees: { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { type: 'legacy'; gasPrice: bigint };
}

export function serializeUnsigned(tx: UnsignedEvmTx): Hex {
  const base = { chainId: tx.chainId, nonce: tx.nonce, gas: tx.gas, to: tx.to, value: tx.value, data: tx.data };
  const serializable: TransactionSerializable =
    tx.fees.type === 'eip1559'
      ? { ...base, type: 'eip1559', maxFeePerGas: tx.fees.maxFeePerGas, maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas }
      : { ...base, type: 'legacy', gasPrice: tx.fees.gasPrice };
  return serializeTransaction(serializable);
}

/** The quoted call a trade commits to, independent of gas fields and nonce (what track compares). */
export function callHash(to: Address, value: bigint, data: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }], [to, value, data]));
}

/** The hash a quote id commits to for each transaction. */
export function unsignedTxHash(serializedUnsigned: Hex): Hex {
  return keccak256(serializedUnsigned);
}

/** A signed transaction as read, before its signer is recovered. */
export interface ParsedSignedTx {
  /** Hash of the transaction as broadcast (what explorers show). */
  txHash: Hex;
  /** Hash of the same transaction without its signature: compared to the quote. */
  unsignedHash: Hex;
  chainId: number | undefined;
  nonce: number;
  to: Address | null;
  value: bigint;
  data: Hex;
  raw: Hex;
  /** The most the sender can pay for it: gas limit at the highest fee, plus the value sent. */
  maxCost: bigint;
  signature: SignatureParts;
}

/** What sending and settling a signed transaction need of it, whether or not its signer was recovered. */
export type SignedTxPayload = Omit<ParsedSignedTx, 'signature'>;

export interface SignedEvmTx extends SignedTxPayload {
  signer: Address;
}

/** Parses and recovers a signed transaction; INVALID_SIGNATURE (naming the field) when it is neither. */
export async function readSignedTx(raw: Hex, field: string): Promise<SignedEvmTx> {
  const parsed = parseSignedTx(raw, field);
  return { ...parsed, signer: recoverSignedTx(parsed, field) };
}

/**
 * Reads a signed transaction without recovering its signer (the costly part): INVALID_SIGNATURE when it is not
 * a signed transaction, TX_MISMATCH for a type no quote gives.
 */
export function parseSignedTx(raw: Hex, field: string): ParsedSignedTx {
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(raw);
  } catch {
    throw new AppError('INVALID_SIGNATURE', `${field}: not a serialized EVM transaction. Sign the quoted transaction unchanged and send the signed hex.`, {
      field,
    });
  }
  if (parsed.r === undefined || parsed.s === undefined) {
    throw new AppError('INVALID_SIGNATURE', `${field}: the transaction is not signed. Sign it with the trader's wallet first.`, { field });
  }
  if (parsed.type !== 'eip1559' && parsed.type !== 'legacy') {
    throw new AppError('TX_MISMATCH', `${field}: a ${parsed.type} transaction is not what the quote gave. Sign the quoted transaction unchanged.`, { field });
  }
  const unsigned: TransactionSerializable =
    parsed.type === 'eip1559'
      ? {
          type: 'eip1559',
          chainId: parsed.chainId,
          nonce: parsed.nonce,
          gas: parsed.gas,
          to: parsed.to,
          value: parsed.value ?? 0n,
          data: parsed.data,
          maxFeePerGas: parsed.maxFeePerGas,
          maxPriorityFeePerGas: parsed.maxPriorityFeePerGas,
          accessList: parsed.accessList && parsed.accessList.length > 0 ? parsed.accessList : undefined,
        }
      : {
          type: 'legacy',
          chainId: parsed.chainId,
          nonce: parsed.nonce,
          gas: parsed.gas,
          to: parsed.to,
          value: parsed.value ?? 0n,
          data: parsed.data,
          gasPrice: parsed.gasPrice,
        };
  return {
    txHash: keccak256(raw),
    // The signing hash is the hash of the unsigned transaction, which the quote id commits to as well.
    unsignedHash: keccak256(serializeTransaction(unsigned)),
    chainId: parsed.chainId,
    nonce: parsed.nonce ?? 0,
    to: parsed.to ?? null,
    value: parsed.value ?? 0n,
    data: parsed.data ?? '0x',
    raw,
    maxCost: (parsed.gas ?? 0n) * (parsed.maxFeePerGas ?? parsed.gasPrice ?? 0n) + (parsed.value ?? 0n),
    signature: { r: parsed.r, s: parsed.s, v: parsed.v, yParity: parsed.yParity, chainId: parsed.chainId },
  };
}

/** The address that signed a parsed transaction; INVALID_SIGNATURE (naming the field) when there is none. */
export function recoverSignedTx(parsed: ParsedSignedTx, field: string): Address {
  try {
    return recoverSignerOfHash(parsed.unsignedHash, parsed.signature);
  } catch {
    throw new AppError('INVALID_SIGNATURE', `${field}: the signature does not recover to an address. Sign the quoted transaction again.`, { field });
  }
}
