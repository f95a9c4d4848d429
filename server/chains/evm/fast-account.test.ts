import { parseTransaction, recoverTransactionAddress, type TransactionSerializable } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { fastPrivateKeyAccount } from './fast-account';

const recipient = '0x1000000000000000000000000000000000000001';

function transactions(nonce: number): TransactionSerializable[] {
  return [
    {
      type: 'eip1559',
      chainId: 8453,
      nonce,
      gas: 21_000n,
      to: recipient,
      value: BigInt(nonce) * 10n ** 15n + 1n,
      maxFeePerGas: 10n ** 9n + BigInt(nonce),
      maxPriorityFeePerGas: 1n,
    },
    {
      type: 'eip1559',
      chainId: 42161,
      nonce,
      gas: 90_000n,
      to: recipient,
      value: 0n,
      data: `0xa9059cbb${'00'.repeat(31)}${nonce.toString(16).padStart(2, '0')}`,
      maxFeePerGas: 3n * 10n ** 8n,
      maxPriorityFeePerGas: 0n,
    },
    { type: 'legacy', chainId: 56, nonce, gas: 21_000n, to: recipient, value: 7n, gasPrice: 3n * 10n ** 9n },
    { type: 'legacy', nonce, gas: 21_000n, to: recipient, value: 7n, gasPrice: 10n ** 9n },
  ];
}

describe('fastPrivateKeyAccount', () => {
  it('signs every transaction byte for byte as viem does, for many keys', async () => {
    for (let round = 0; round < 40; round++) {
      const key = generatePrivateKey();
      const viemAccount = privateKeyToAccount(key);
      const fast = fastPrivateKeyAccount(key);
      expect(fast.address).toBe(viemAccount.address);
      for (const transaction of transactions(round)) {
        const signed = await fast.signTransaction(transaction);
        expect(signed).toBe(await viemAccount.signTransaction(transaction));
        expect(
          await recoverTransactionAddress({ serializedTransaction: signed as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'] }),
        ).toBe(viemAccount.address);
      }
    }
  });

  it('gives a low s, as chains require', async () => {
    const halfOrder = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
    const fast = fastPrivateKeyAccount(generatePrivateKey());
    for (let nonce = 0; nonce < 50; nonce++) {
      const { s } = parseTransaction(await fast.signTransaction(transactions(nonce)[0]!));
      expect(BigInt(s!)).toBeLessThanOrEqual(halfOrder);
    }
  });

  it('signs messages as viem does', async () => {
    const key = generatePrivateKey();
    expect(await fastPrivateKeyAccount(key).signMessage({ message: 'bridge' })).toBe(await privateKeyToAccount(key).signMessage({ message: 'bridge' }));
  });
});
