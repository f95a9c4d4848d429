import { parseTransaction } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { readSignedTx, serializeUnsigned, unsignedTxHash, type UnsignedEvmTx } from './evm-transactions';

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const tx: UnsignedEvmTx = {
  chainId: 8453,
  nonce: 7,
  gas: 250_000n,
  to: '0x1111111111111111111111111111111111111111',
  value: 10n ** 15n,
  data: '0xdeadbeef',
  fees: { type: 'eip1559', maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000n },
};

describe('EVM transaction format', () => {
  it('is a typed transaction viem parses, and the signed form hashes back to the quoted hash', async () => {
    const unsigned = serializeUnsigned(tx);
    const parsed = parseTransaction(unsigned);
    expect(parsed).toMatchObject({ type: 'eip1559', chainId: 8453, nonce: 7, gas: 250_000n, value: 10n ** 15n, data: '0xdeadbeef' });
    const signed = await account.signTransaction(parsed);
    const read = await readSignedTx(signed, 'trade');
    expect(read.unsignedHash).toBe(unsignedTxHash(unsigned));
    expect(read.signer).toBe(account.address);
    expect(read.nonce).toBe(7);
  });

  it('changes the hash when any field changes', async () => {
    const quoted = unsignedTxHash(serializeUnsigned(tx));
    for (const changed of [
      { ...tx, value: tx.value + 1n },
      { ...tx, data: '0xdeadbeee' as const },
      { ...tx, nonce: 8 },
      { ...tx, chainId: 1 },
    ]) {
      const signed = await account.signTransaction(parseTransaction(serializeUnsigned(changed)));
      expect((await readSignedTx(signed, 'trade')).unsignedHash).not.toBe(quoted);
    }
  });

  it('serializes legacy transactions for chains without EIP-1559', async () => {
    const legacy = serializeUnsigned({ ...tx, fees: { type: 'legacy', gasPrice: 5_000_000_000n } });
    const signed = await account.signTransaction(parseTransaction(legacy));
    expect((await readSignedTx(signed, 'trade')).unsignedHash).toBe(unsignedTxHash(legacy));
  });

  it('refuses unsigned or garbage input naming the field', async () => {
    for (const raw of [serializeUnsigned(tx), '0x1234' as const]) {
      const error = await readSignedTx(raw, 'approve').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INVALID_SIGNATURE');
      expect((error as AppError).field).toBe('approve');
    }
  });
});
