/**
 * A private key as a viem account whose transactions are signed by libsecp256k1 (WebAssembly, through
 * tiny-secp256k1) instead of viem's JavaScript curve: about 0.3 ms a signature here against 0.9 ms, with the
 * same bytes, since both sign deterministically (RFC 6979) with a low s. Used for the solver's payments,
 * which are signed while a bridge's deposit is in flight. Messages and typed data sign as viem signs them.
 */
import { signRecoverable } from 'tiny-secp256k1';
import { bytesToHex, hexToBytes, serializeTransaction, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { keccak256 } from './keccak';

export function fastPrivateKeyAccount(privateKey: Hex): PrivateKeyAccount {
  const account = privateKeyToAccount(privateKey);
  const key = hexToBytes(privateKey);
  const signTransaction: PrivateKeyAccount['signTransaction'] = async (transaction, options) => {
    const serializer = options?.serializer ?? serializeTransaction;
    // As viem: a blob transaction is signed without its sidecars.
    const signable = transaction.type === 'eip4844' ? { ...transaction, sidecars: false as const } : transaction;
    const hash = keccak256(await serializer(signable));
    const { signature, recoveryId } = signRecoverable(hexToBytes(hash), key);
    const parts = {
      r: bytesToHex(signature.subarray(0, 32)),
      s: bytesToHex(signature.subarray(32, 64)),
      v: recoveryId === 1 ? 28n : 27n,
      yParity: recoveryId,
    };
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- viem's serializer is generic over the transaction; this names the type signTransaction must return
    return (await serializer(transaction, parts)) as Awaited<ReturnType<PrivateKeyAccount['signTransaction']>>;
  };
  return { ...account, signTransaction };
}
