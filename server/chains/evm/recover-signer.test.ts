import fc from 'fast-check';
import { parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerializable } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { readSignedTx } from './evm-transactions';
import { recoverSigner, recoveryId } from './recover-signer';

const transaction = fc.record({
  legacy: fc.boolean(),
  chainId: fc.option(fc.integer({ min: 1, max: 2 ** 31 }), { nil: undefined }),
  nonce: fc.nat({ max: 1_000_000 }),
  gas: fc.bigInt({ min: 21_000n, max: 30_000_000n }),
  value: fc.bigInt({ min: 0n, max: 10n ** 24n }),
  fee: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  data: fc.uint8Array({ maxLength: 200 }).map((bytes): Hex => `0x${Buffer.from(bytes).toString('hex')}`),
});

describe('signer recovery', () => {
  it('recovers the same address as viem for EIP-1559 and legacy transactions, with and without a chain id', async () => {
    await fc.assert(
      fc.asyncProperty(transaction, async (tx) => {
        const account = privateKeyToAccount(generatePrivateKey());
        const unsigned: TransactionSerializable = tx.legacy
          ? { type: 'legacy', chainId: tx.chainId, nonce: tx.nonce, gas: tx.gas, to: account.address, value: tx.value, data: tx.data, gasPrice: tx.fee }
          : {
              type: 'eip1559',
              chainId: tx.chainId ?? 1,
              nonce: tx.nonce,
              gas: tx.gas,
              to: account.address,
              value: tx.value,
              data: tx.data,
              maxFeePerGas: tx.fee,
              maxPriorityFeePerGas: 1n,
            };
        const raw = await account.signTransaction(unsigned);
        const parsed = parseTransaction(raw);
        const ours = recoverSigner(unsigned, { r: parsed.r!, s: parsed.s!, v: parsed.v, yParity: parsed.yParity, chainId: parsed.chainId });
        expect(ours).toBe(account.address);
        expect(ours).toBe(await recoverTransactionAddress({ serializedTransaction: raw as never }));
        expect((await readSignedTx(raw, 'trade')).signer).toBe(account.address);
      }),
      { numRuns: 300 },
    );
  });

  it('a signature whose r has a leading zero byte is read as the number it is', async () => {
    // Found by the property above: hex without its leading zero, padded on the wrong side, recovered another key.
    const account = privateKeyToAccount(generatePrivateKey());
    for (let nonce = 0; ; nonce++) {
      const unsigned: TransactionSerializable = {
        type: 'eip1559',
        chainId: 1,
        nonce,
        gas: 21_000n,
        to: account.address,
        value: 1n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      };
      const parsed = parseTransaction(await account.signTransaction(unsigned));
      if (BigInt(parsed.r!) >= 2n ** 248n) continue;
      expect(recoverSigner(unsigned, { r: parsed.r!, s: parsed.s!, yParity: parsed.yParity })).toBe(account.address);
      break;
    }
  });

  it('a changed byte of the signed payload recovers another address, never the signer', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: 8453,
      nonce: 7,
      gas: 100_000n,
      to: account.address,
      value: 1n,
      maxFeePerGas: 10n,
      maxPriorityFeePerGas: 1n,
    });
    const parsed = parseTransaction(raw);
    const changed = recoverSigner(
      { type: 'eip1559', chainId: 8453, nonce: 8, gas: 100_000n, to: account.address, value: 1n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n },
      { r: parsed.r!, s: parsed.s!, yParity: parsed.yParity },
    );
    expect(changed).not.toBe(account.address);
  });

  it('reads the recovery id from yParity, plain v and EIP-155 v, and refuses any other v', () => {
    expect(recoveryId({ r: '0x1', s: '0x1', yParity: 1 })).toBe(1);
    expect(recoveryId({ r: '0x1', s: '0x1', v: 27n })).toBe(0);
    expect(recoveryId({ r: '0x1', s: '0x1', v: 28n })).toBe(1);
    expect(recoveryId({ r: '0x1', s: '0x1', v: 8453n * 2n + 36n, chainId: 8453 })).toBe(1);
    expect(() => recoveryId({ r: '0x1', s: '0x1', v: 29n, chainId: 8453 })).toThrow();
  });
});
