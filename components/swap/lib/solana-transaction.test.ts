import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  QuotedSolanaTransactionError,
  base64ToBytes,
  bytesToBase64,
  parseQuotedSolanaTransaction,
  serializeSignedSolanaTransaction,
} from './solana-transaction';

const trader = Keypair.fromSeed(new Uint8Array(32).fill(1));
const maker = Keypair.fromSeed(new Uint8Array(32).fill(2));
const BLOCKHASH = new PublicKey(new Uint8Array(32).fill(9)).toBase58();

/** A quote-shaped trade: the trader pays, the maker co-signs, no signature yet. */
function quoted(payer = trader.publicKey): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: BLOCKHASH,
    instructions: [
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: maker.publicKey, lamports: 1_000 }),
      SystemProgram.transfer({ fromPubkey: maker.publicKey, toPubkey: payer, lamports: 1 }),
    ],
  }).compileToV0Message();
  return new VersionedTransaction(message);
}

const base64 = (tx: VersionedTransaction) => bytesToBase64(tx.serialize());

describe('base64', () => {
  it('round-trips every byte value, also past one chunk', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => index % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('parseQuotedSolanaTransaction', () => {
  it('accepts a v0 transaction paid by the trader, with both signature slots empty', () => {
    const tx = parseQuotedSolanaTransaction(base64(quoted()), trader.publicKey.toBase58());
    expect(tx.message.staticAccountKeys[0]!.equals(trader.publicKey)).toBe(true);
    expect(tx.signatures).toHaveLength(2);
  });

  it('refuses a transaction another wallet pays for', () => {
    expect(() => parseQuotedSolanaTransaction(base64(quoted(maker.publicKey)), trader.publicKey.toBase58())).toThrow(/not paid by the connected wallet/);
  });

  it('refuses text that is no transaction (an EVM quote, garbage)', () => {
    for (const text of ['0x02f86d0180', 'AAAA', '']) {
      expect(() => parseQuotedSolanaTransaction(text, trader.publicKey.toBase58())).toThrow(QuotedSolanaTransactionError);
    }
  });

  it('refuses a legacy transaction', () => {
    const legacy = new TransactionMessage({
      payerKey: trader.publicKey,
      recentBlockhash: BLOCKHASH,
      instructions: [SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: maker.publicKey, lamports: 1 })],
    }).compileToLegacyMessage();
    expect(() => parseQuotedSolanaTransaction(base64(new VersionedTransaction(legacy)), trader.publicKey.toBase58())).toThrow(/not a v0 transaction/);
  });

  it('takes a legacy bridge deposit paid by the trader, and refuses one another wallet pays for', () => {
    const deposit = (payer: typeof trader.publicKey) =>
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: payer,
          recentBlockhash: BLOCKHASH,
          instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: maker.publicKey, lamports: 1 })],
        }).compileToLegacyMessage(),
      );
    expect(parseQuotedSolanaTransaction(base64(deposit(trader.publicKey)), trader.publicKey.toBase58(), 'deposit').version).toBe('legacy');
    expect(() => parseQuotedSolanaTransaction(base64(deposit(maker.publicKey)), trader.publicKey.toBase58(), 'deposit')).toThrow(
      /deposit is not paid by the connected Solana wallet/,
    );
  });
});

describe('serializeSignedSolanaTransaction', () => {
  it('gives the signed bytes with the maker slot still empty', () => {
    const tx = quoted();
    tx.sign([trader]);
    const signed = VersionedTransaction.deserialize(base64ToBytes(serializeSignedSolanaTransaction(tx)));
    expect(signed.signatures[0]).toEqual(tx.signatures[0]);
    expect(signed.signatures[1]!.every((byte) => byte === 0)).toBe(true);
  });

  it('refuses a transaction the wallet did not sign', () => {
    expect(() => serializeSignedSolanaTransaction(quoted())).toThrow(/without its signature/);
  });
});
