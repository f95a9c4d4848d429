/**
 * The SOL side of the bridge on the local Solana node: deposits built, signed with @solana/web3.js, checked,
 * sent and read back to the lamport; deposits sent straight from a wallet found by the scan, and the solver's
 * own payments left out of it; payments signed, settled once, and settled again without paying twice.
 */
import { randomBytes } from 'node:crypto';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { decodeBase58 } from '@/server/chains/solana/address';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { AppError } from '@/server/errors';
import type { BridgeChain } from '../bridge-chain';
import { MEMO_PROGRAM_ID } from './memo-program';
import { createSolanaBridgeChain, SOLVER_FEE_RESERVE } from './solana-bridge-chain';

const LAMPORTS_PER_SOL = 1_000_000_000n;
let connection: Connection;
let bridge: BridgeChain;

function bridgeWith(depository: string): BridgeChain {
  const manifest = testManifest();
  const sol = manifest.chains.SOL!;
  const chains = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), manifest);
  return createSolanaBridgeChain({ chain: chains.SOL, solverSecretKey: sol.solver!.secretKey!, depository, nativeUsd: async () => 150 });
}

beforeAll(() => {
  const sol = testManifest().chains.SOL!;
  connection = new Connection(sol.rpcUrl, 'confirmed');
  bridge = bridgeWith(sol.contracts.depository!);
});

const newRequestId = () => `0x${randomBytes(32).toString('hex')}`;
const balanceOf = async (account: string) => BigInt(await connection.getBalance(new PublicKey(account), 'confirmed'));

async function fundedTrader(): Promise<Keypair> {
  const trader = Keypair.generate();
  await sendTestFunds({ manifest: testManifest() }, { chain: 'SOL', address: trader.publicKey.toBase58() });
  return trader;
}

function sign(signer: Keypair, base64: string): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  transaction.sign([signer]);
  return Buffer.from(transaction.serialize()).toString('base64');
}

async function signedTransfer(payer: Keypair, instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  const transaction = new VersionedTransaction(
    new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message(),
  );
  transaction.sign([payer]);
  return Buffer.from(transaction.serialize()).toString('base64');
}

const memo = (text: string) => new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [], data: Buffer.from(text, 'utf8') });

async function rejection(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('SOL deposits', () => {
  it('a built deposit signed by the trader passes the check; another amount, memo, depository or signer does not', async () => {
    const trader = await fundedTrader();
    const requestId = newRequestId();
    const amount = LAMPORTS_PER_SOL / 2n;
    const expected = { trader: trader.publicKey.toBase58(), amount, requestId };
    const unsigned = await bridge.buildDeposit(expected);
    const signed = sign(trader, unsigned);
    const signature = getBase58Decoder().decode(VersionedTransaction.deserialize(Buffer.from(signed, 'base64')).signatures[0]!);
    expect(await bridge.checkSignedDeposit(signed, expected)).toEqual({ txHash: signature });

    const wrongAmount = await rejection(bridge.checkSignedDeposit(signed, { ...expected, amount: amount + 1n }));
    expect(wrongAmount).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
    expect(wrongAmount.message).toContain(`it sends ${amount} lamports, not the quoted ${amount + 1n}`);
    expect((await rejection(bridge.checkSignedDeposit(signed, { ...expected, requestId: newRequestId() }))).message).toContain('its memo is not the requestId');
    const elsewhere = Keypair.generate().publicKey.toBase58();
    expect((await rejection(bridgeWith(elsewhere).checkSignedDeposit(signed, expected))).message).toContain(`not the depository ${elsewhere}`);

    // The quoted message with its lamports changed after signing: the content is what the message names.
    const tampered = VersionedTransaction.deserialize(Buffer.from(signed, 'base64'));
    const transferData = tampered.message.compiledInstructions[0]!.data;
    Buffer.from(transferData.buffer, transferData.byteOffset, transferData.byteLength).writeBigUInt64LE(amount * 2n, 4);
    const tamperedBase64 = Buffer.from(tampered.serialize()).toString('base64');
    expect(await rejection(bridge.checkSignedDeposit(tamperedBase64, expected))).toMatchObject({ code: 'TX_MISMATCH' });
    expect(await rejection(bridge.checkSignedDeposit(tamperedBase64, { ...expected, amount: amount * 2n }))).toMatchObject({ code: 'INVALID_SIGNATURE' });

    expect(await rejection(bridge.checkSignedDeposit(unsigned, expected))).toMatchObject({ code: 'INVALID_SIGNATURE', field: 'trade' });
    const stranger = await fundedTrader();
    expect(
      (await rejection(bridge.checkSignedDeposit(sign(stranger, await bridge.buildDeposit({ ...expected, trader: stranger.publicKey.toBase58() })), expected)))
        .message,
    ).toContain(`its fee payer is ${stranger.publicKey.toBase58()}, not the quoted trader`);

    // A second transfer, to anyone else, is not part of a deposit.
    const extra = await signedTransfer(trader, [
      SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: new PublicKey(bridge.depository), lamports: amount }),
      memo(requestId),
      SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    ]);
    expect((await rejection(bridge.checkSignedDeposit(extra, expected))).message).toContain('it makes 2 transfers');
  });

  it('is sent, and read back with its exact amount, sender and requestId', async () => {
    const trader = await fundedTrader();
    const requestId = newRequestId();
    const amount = 1_234_567_891n;
    const expected = { trader: trader.publicKey.toBase58(), amount, requestId };
    const signed = sign(trader, await bridge.buildDeposit(expected));
    const { txHash } = await bridge.checkSignedDeposit(signed, expected);
    const before = await balanceOf(bridge.depository);

    await bridge.broadcast(signed);
    await bridge.broadcast(signed);
    const result = await bridge.waitForDeposit(txHash, 10_000);

    expect(result.state).toBe('confirmed');
    expect(result.deposit).toMatchObject({ requestId, txHash, from: trader.publicKey.toBase58(), amount });
    expect(Math.abs(result.deposit!.confirmedAtMs - Date.now())).toBeLessThan(120_000);
    expect((await balanceOf(bridge.depository)) - before).toBe(amount);
  });

  it('that cannot pay is refused before sending, and one that landed failed reads as reverted', async () => {
    const trader = await fundedTrader();
    const requestId = newRequestId();
    const tooMuch = 100n * LAMPORTS_PER_SOL;
    const signed = sign(trader, await bridge.buildDeposit({ trader: trader.publicKey.toBase58(), amount: tooMuch, requestId }));
    expect(await rejection(bridge.broadcast(signed))).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

    const signature = await connection.sendRawTransaction(Buffer.from(signed, 'base64'), { skipPreflight: true });
    expect(await bridge.waitForDeposit(signature, 10_000)).toEqual({ state: 'reverted' });
    expect(await bridge.waitForDeposit(getBase58Decoder().decode(randomBytes(64)), 300)).toEqual({ state: 'pending' });
  });

  it("sent straight from a wallet is found by the scan once; the solver's own payments are not deposits", async () => {
    const trader = await fundedTrader();
    const first = await bridge.scanDeposits(undefined);
    expect(first.deposits).toEqual([]);

    const requestId = newRequestId();
    const amount = 777_000_000n;
    // A wallet's own shape: legacy, with compute-budget instructions around the transfer and memo.
    const { blockhash } = await connection.getLatestBlockhash('confirmed');
    const direct = new Transaction({ feePayer: trader.publicKey, recentBlockhash: blockhash }).add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }),
      SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: new PublicKey(bridge.depository), lamports: amount }),
      memo(requestId),
    );
    direct.sign(trader);
    const depositSignature = await connection.sendRawTransaction(direct.serialize());
    const paymentRequestId = newRequestId();
    const payment = await bridge.signPayment({ to: Keypair.generate().publicKey.toBase58(), amount: LAMPORTS_PER_SOL, requestId: paymentRequestId });
    expect(await bridge.settlePayment(payment, 10_000)).toBe('confirmed');
    expect(await bridge.waitForDeposit(payment.txHash, 1_000)).toEqual({ state: 'reverted' });

    const scanned = await bridge.scanDeposits(first.cursor);
    expect(scanned.deposits).toEqual([{ requestId, txHash: depositSignature, from: trader.publicKey.toBase58(), amount, confirmedAtMs: expect.any(Number) }]);
    expect(scanned.cursor).toBe(payment.txHash);
    expect(await bridge.scanDeposits(scanned.cursor)).toEqual({ deposits: [], cursor: scanned.cursor });
    expect((await bridge.scanDeposits(undefined)).cursor).toBe(scanned.cursor);
  });
});

describe('SOL payments', () => {
  it('pay the recipient exactly the amount, once, however often they are settled', async () => {
    const recipient = Keypair.generate().publicKey.toBase58();
    const amount = 2n * LAMPORTS_PER_SOL + 13n;
    const cost = await bridge.paymentCost(recipient, amount);
    expect(cost).toBe(5_000n);
    const solverBefore = await balanceOf(bridge.solver);

    const payment = await bridge.signPayment({ to: recipient, amount, requestId: newRequestId() });
    expect(await balanceOf(recipient)).toBe(0n);
    expect(await bridge.settlePayment(payment, 10_000)).toBe('confirmed');
    expect(await balanceOf(recipient)).toBe(amount);
    expect(solverBefore - (await balanceOf(bridge.solver))).toBe(amount + cost);

    expect(await bridge.settlePayment(payment, 10_000)).toBe('confirmed');
    await bridge.broadcast(payment.raw);
    expect(await balanceOf(recipient)).toBe(amount);
  });

  it('below the rent-exempt minimum are refused for a new account, not for an existing one', async () => {
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(0));
    const fresh = Keypair.generate().publicKey.toBase58();
    expect(await rejection(bridge.paymentCost(fresh, rent - 1n))).toMatchObject({ code: 'INVALID_INPUT', field: 'amount' });
    expect(await bridge.paymentCost(fresh, rent)).toBe(5_000n);
    const existing = (await fundedTrader()).publicKey.toBase58();
    expect(await bridge.paymentCost(existing, 1n)).toBe(5_000n);
  });

  it('whose blockhash the chain does not know are dropped, so signing a new one is safe', async () => {
    const solver = Keypair.fromSecretKey(decodeBase58(testManifest().chains.SOL!.solver!.secretKey!)!);
    const stale = new VersionedTransaction(
      new TransactionMessage({
        payerKey: solver.publicKey,
        recentBlockhash: Keypair.generate().publicKey.toBase58(),
        instructions: [
          SystemProgram.transfer({ fromPubkey: solver.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
          memo(newRequestId()),
        ],
      }).compileToV0Message(),
    );
    stale.sign([solver]);
    const payment = { txHash: getBase58Decoder().decode(stale.signatures[0]!), raw: Buffer.from(stale.serialize()).toString('base64') };
    expect(await bridge.settlePayment(payment, 5_000)).toBe('dropped');
  });

  it('come from an inventory that keeps the rent-exempt minimum and a fee reserve', async () => {
    const [balance, rent] = await Promise.all([balanceOf(bridge.solver), connection.getMinimumBalanceForRentExemption(0)]);
    expect(await bridge.inventory()).toBe(balance - BigInt(rent) - SOLVER_FEE_RESERVE);
    expect(bridge).toMatchObject({
      chain: 'SOL',
      solver: testManifest().chains.SOL!.solver!.address,
      depository: testManifest().chains.SOL!.contracts.depository,
    });
    expect(await bridge.nativeUsd()).toBe(150);
  });
});
