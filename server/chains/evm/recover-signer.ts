/**
 * The address that signed a serialized EVM transaction. viem's pure-JS recovery costs about 2.4 ms of CPU
 * per signature here, more than the rest of an execute's own work; libsecp256k1 (as WebAssembly, through
 * tiny-secp256k1) recovers the same key in about 0.26 ms. The signing hash and the recovery id are read as
 * the chain reads them: the transaction without its signature, and `yParity` (EIP-1559) or `v` (legacy, with
 * or without EIP-155's chain id).
 */
import { recover } from 'tiny-secp256k1';
import { getAddress, hexToBytes, pad, serializeTransaction, type Address, type Hex, type TransactionSerializable } from 'viem';
import { keccak256 } from './keccak';

export interface SignatureParts {
  r: Hex;
  s: Hex;
  v?: bigint;
  yParity?: number;
  chainId?: number;
}

/** The recovery id (0 or 1) from the signature's `yParity` or legacy `v`. */
export function recoveryId(signature: SignatureParts): 0 | 1 {
  if (signature.yParity === 0 || signature.yParity === 1) return signature.yParity;
  const v = signature.v ?? -1n;
  if (v === 27n || v === 28n) return Number(v - 27n) as 0 | 1;
  // EIP-155: v = chainId * 2 + 35 + recovery id.
  const id = v - BigInt((signature.chainId ?? 0) * 2 + 35);
  if (id === 0n || id === 1n) return Number(id) as 0 | 1;
  throw new Error(`a signature with v ${v} cannot be recovered on chain id ${signature.chainId ?? 'none'}`);
}

/** Throws when the signature does not recover to a public key. */
export function recoverSigner(unsigned: TransactionSerializable, signature: SignatureParts): Address {
  return recoverSignerOfHash(keccak256(serializeTransaction(unsigned)), signature);
}

/** The same, from the signing hash (the hash of the transaction without its signature) a caller has already. */
export function recoverSignerOfHash(signingHash: Hex, signature: SignatureParts): Address {
  const hash = hexToBytes(signingHash);
  const compact = new Uint8Array(64);
  // r and s are numbers: a leading zero byte may be missing from their hex, so they are padded on the left.
  compact.set(hexToBytes(pad(signature.r, { size: 32 })), 0);
  compact.set(hexToBytes(pad(signature.s, { size: 32 })), 32);
  const publicKey = recover(hash, compact, recoveryId(signature), false);
  if (!publicKey) throw new Error('the signature does not recover to a public key');
  return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
}
