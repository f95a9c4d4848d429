/**
 * A Solana key pair held by the service (the solver, the local maker): its address at once, from the 64-byte
 * secret key (32-byte seed, then the public key), checked to belong to the seed; the WebCrypto key pair that
 * signs is made on first use, since @solana/kit makes it asynchronously.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createKeyPairFromBytes, getAddressDecoder, partiallySignTransaction, type Address, type Transaction } from '@solana/kit';

export interface SolanaKeyPair {
  address: Address;
  /** The transaction with this key's signature added (it must be one of the transaction's signers). */
  sign<T extends Transaction>(transaction: T): Promise<T>;
}

// PKCS#8 prefix of a raw Ed25519 seed, so node:crypto can derive the public key synchronously.
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SECRET_KEY_LENGTH = 64;

export function solanaKeyPair(secretKey: Uint8Array): SolanaKeyPair {
  if (secretKey.length !== SECRET_KEY_LENGTH) throw new Error(`A Solana secret key is ${SECRET_KEY_LENGTH} bytes, not ${secretKey.length}.`);
  const seed = Buffer.from(secretKey.subarray(0, 32));
  const derived = createPublicKey(createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }))
    .export({ format: 'der', type: 'spki' })
    .subarray(-32);
  if (!derived.equals(secretKey.subarray(32))) throw new Error('The Solana secret key does not hold the public key of its seed.');
  const secret = Uint8Array.from(secretKey);
  let keyPair: Promise<CryptoKeyPair> | undefined;
  return {
    address: getAddressDecoder().decode(secretKey.subarray(32)),
    async sign(transaction) {
      keyPair ??= createKeyPairFromBytes(secret);
      return partiallySignTransaction([await keyPair], transaction);
    },
  };
}
