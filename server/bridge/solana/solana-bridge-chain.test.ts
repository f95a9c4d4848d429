/**
 * The SOL bridge chain over a scripted node: deposit checks that need no chain, the scan's paging, bounds and
 * gaps, and how a payment is settled when the chain has not (or only partly) seen it.
 */
import { randomBytes } from 'node:crypto';
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { JsonRpcError, type RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { MEMO_PROGRAM_ID } from './memo-program';
import { createSolanaBridgeChain, SOLVER_FEE_RESERVE } from './solana-bridge-chain';

type Handler = (params: any[]) => unknown;

/** A node answering from per-method handlers; a handler that throws answers with that JSON-RPC error. */
function fakeNode(handlers: Record<string, Handler>) {
  const calls: { method: string; params: any[] }[] = [];
  const answer = async (method: string, params: any[] = []) => {
    calls.push({ method, params });
    const handler = handlers[method];
    if (!handler) throw new Error(`unexpected ${method}`);
    return handler(params);
  };
  const rpc: RpcTransport = {
    chain: 'SOL',
    urls: ['http://fake'],
    request: async <T>(method: string, params?: unknown[]) => (await answer(method, params as any[])) as T,
    requestBatch: async (batch) =>
      Promise.all(
        batch.map(async ({ method, params }) => {
          try {
            return { ok: true as const, result: await answer(method, params as any[]) };
          } catch (error) {
            if (error instanceof JsonRpcError) return { ok: false as const, error };
            throw error;
          }
        }),
      ),
  };
  return { rpc, calls };
}

const solver = Keypair.generate();
const trader = Keypair.generate();
const depository = solver.publicKey.toBase58();
const blockhash = Keypair.generate().publicKey.toBase58();
const newRequestId = () => `0x${randomBytes(32).toString('hex')}`;
const base58 = getBase58Decoder();
const latestBlockhash = () => ({ context: { slot: 1 }, value: { blockhash, lastValidBlockHeight: 151 } });

function bridgeOver(handlers: Record<string, Handler>, confirmations?: number) {
  const node = fakeNode({ getLatestBlockhash: latestBlockhash, ...handlers });
  const chain: ConfiguredChain = { info: CHAINS.SOL, available: true, rpc: node.rpc, routerAddress: '' };
  const bridge = createSolanaBridgeChain({ chain, solverSecretKey: base58.decode(solver.secretKey), depository, nativeUsd: async () => 100, confirmations });
  return { bridge, calls: node.calls };
}

const memo = (text: string) => new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [], data: Buffer.from(text, 'utf8') });
const transfer = (from: PublicKey, to: PublicKey, lamports: bigint) => SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports });

function signedV0(payer: Keypair, instructions: TransactionInstruction[], lookups: AddressLookupTableAccount[] = []): string {
  const transaction = new VersionedTransaction(
    new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message(lookups),
  );
  transaction.sign([payer]);
  return Buffer.from(transaction.serialize()).toString('base64');
}

async function rejection(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkSignedDeposit', () => {
  const { bridge } = bridgeOver({});
  const amount = 250_000_000n;
  const requestId = newRequestId();
  const expected = { trader: trader.publicKey.toBase58(), amount, requestId };
  const toDepository = () => transfer(trader.publicKey, solver.publicKey, amount);

  it('accepts a legacy transaction with compute-budget instructions, as wallets send them', async () => {
    const legacy = new Transaction({ feePayer: trader.publicKey, recentBlockhash: blockhash }).add(toDepository(), memo(requestId));
    legacy.sign(trader);
    const { txHash } = await bridge.checkSignedDeposit(legacy.serialize().toString('base64'), expected);
    expect(txHash).toBe(base58.decode(legacy.signature!));
  });

  it('names every way a deposit differs from the quote', async () => {
    const other = Keypair.generate().publicKey;
    const cases: [string, string][] = [
      [signedV0(trader, [toDepository()]), 'it carries 0 memos'],
      [signedV0(trader, [toDepository(), memo(requestId), memo(requestId)]), 'it carries 2 memos'],
      [signedV0(trader, [transfer(trader.publicKey, other, amount), memo(requestId)]), `it pays ${other.toBase58()}, not the depository`],
      [
        signedV0(trader, [toDepository(), memo(requestId), new TransactionInstruction({ programId: other, keys: [], data: Buffer.alloc(0) })]),
        `calls program ${other.toBase58()}`,
      ],
      [
        signedV0(trader, [toDepository(), memo(requestId), SystemProgram.assign({ accountPubkey: trader.publicKey, programId: other })]),
        'other than a plain transfer',
      ],
      [signedV0(trader, [memo(requestId)]), 'it makes 0 transfers'],
    ];
    for (const [signed, problem] of cases) {
      const error = await rejection(bridge.checkSignedDeposit(signed, expected));
      expect(error).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
      expect(error.message).toContain(problem);
    }
  });

  it('refuses address lookup tables, text that is no transaction, and a signature of another message', async () => {
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [solver.publicKey] },
    });
    expect((await rejection(bridge.checkSignedDeposit(signedV0(trader, [toDepository(), memo(requestId)], [table]), expected))).message).toContain(
      'lookup tables',
    );
    expect(await rejection(bridge.checkSignedDeposit('bm90IGEgdHJhbnNhY3Rpb24=', expected))).toMatchObject({ code: 'INVALID_SIGNATURE', field: 'trade' });

    const forged = VersionedTransaction.deserialize(Buffer.from(signedV0(trader, [toDepository(), memo(requestId)]), 'base64'));
    forged.signatures[0] = VersionedTransaction.deserialize(Buffer.from(signedV0(trader, [toDepository(), memo(newRequestId())]), 'base64')).signatures[0]!;
    const error = await rejection(bridge.checkSignedDeposit(Buffer.from(forged.serialize()).toString('base64'), expected));
    expect(error).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(error.message).toContain('does not verify');
  });
});

describe('inventory and paymentCost', () => {
  it('keep the rent-exempt minimum and a fee reserve, and refuse to open an account below it', async () => {
    const empty = Keypair.generate().publicKey.toBase58();
    const { bridge } = bridgeOver({
      getBalance: ([account]) => ({ context: { slot: 1 }, value: account === depository ? 5_000_000_000 : 0 }),
      getMinimumBalanceForRentExemption: () => 890_880,
    });
    expect(await bridge.inventory()).toBe(5_000_000_000n - 890_880n - SOLVER_FEE_RESERVE);
    expect(await rejection(bridge.paymentCost(empty, 890_879n))).toMatchObject({ code: 'INVALID_INPUT', field: 'amount' });
    expect(await bridge.paymentCost(empty, 890_880n)).toBe(5_000n);
    expect(await bridge.paymentCost(depository, 1n)).toBe(5_000n);
  });
});

/** A depository history (oldest first) served like a node: newest first, `until` exclusive, paged with `before`. */
function history(entries: { signature: string; err: unknown; transaction: string | null }[]) {
  return {
    getSignaturesForAddress: ([, config]: any[]) => {
      const newestFirst = [...entries].reverse();
      let start = 0;
      if (config.before) start = newestFirst.findIndex((entry) => entry.signature === config.before) + 1;
      const page: { signature: string; err: unknown }[] = [];
      for (let index = start; index < newestFirst.length && page.length < config.limit; index += 1) {
        if (newestFirst[index]!.signature === config.until) break;
        page.push({ signature: newestFirst[index]!.signature, err: newestFirst[index]!.err });
      }
      return page;
    },
    getTransaction: ([signature]: any[]) => {
      const entry = entries.find((candidate) => candidate.signature === signature)!;
      return entry.transaction === null
        ? null
        : {
            blockTime: 1_700_000_000,
            slot: 5,
            meta: { err: entry.err, loadedAddresses: { writable: [], readonly: [] } },
            transaction: [entry.transaction, 'base64'],
          };
    },
  };
}

const fakeSignature = () => base58.decode(randomBytes(64));

describe('scanDeposits', () => {
  const payment = signedV0(solver, [transfer(solver.publicKey, trader.publicKey, 10n), memo(newRequestId())]);

  it('pages back past a full page, works through a long backlog oldest first, and skips failed and outgoing transactions', async () => {
    const deposits = new Map<number, string>();
    const entries = Array.from({ length: 1_205 }, (_, index) => {
      if (index % 100 === 7) {
        const requestId = newRequestId();
        deposits.set(index, requestId);
        return {
          signature: fakeSignature(),
          err: null,
          transaction: signedV0(trader, [transfer(trader.publicKey, solver.publicKey, BigInt(index)), memo(requestId)]),
        };
      }
      return { signature: fakeSignature(), err: index % 2 === 0 ? { InstructionError: [0, { Custom: 1 }] } : null, transaction: payment };
    });
    const { bridge, calls } = bridgeOver(history(entries));

    const first = await bridge.scanDeposits(entries[0]!.signature);
    expect(calls.filter((call) => call.method === 'getSignaturesForAddress').map((call) => call.params[1].before)).toEqual([
      undefined,
      entries[205]!.signature,
    ]);
    expect(first.cursor).toBe(entries[200]!.signature);
    expect(first.deposits).toEqual(
      [7, 107].map((index) => ({
        requestId: deposits.get(index),
        txHash: entries[index]!.signature,
        from: trader.publicKey.toBase58(),
        amount: BigInt(index),
        confirmedAtMs: 1_700_000_000_000,
      })),
    );
    // Failed transactions are never read.
    const read = new Set(calls.filter((call) => call.method === 'getTransaction').map((call) => call.params[0]));
    expect(
      entries
        .slice(1, 201)
        .filter((entry) => entry.err !== null)
        .some((entry) => read.has(entry.signature)),
    ).toBe(false);

    let cursor = first.cursor;
    const found = [...first.deposits];
    for (let round = 0; round < 10 && cursor !== entries.at(-1)!.signature; round += 1) {
      const next = await bridge.scanDeposits(cursor);
      found.push(...next.deposits);
      cursor = next.cursor;
    }
    expect(cursor).toBe(entries.at(-1)!.signature);
    expect(found.map((deposit) => deposit.requestId)).toEqual([...deposits.values()]);
  });

  it('stops before a transaction the node does not serve yet, so the next scan reads it', async () => {
    const requestId = newRequestId();
    const entries = [
      { signature: fakeSignature(), err: null, transaction: payment },
      { signature: fakeSignature(), err: null, transaction: payment },
      { signature: fakeSignature(), err: null, transaction: null as string | null },
    ];
    const { bridge } = bridgeOver(history(entries));
    const first = await bridge.scanDeposits(entries[0]!.signature);
    expect(first).toEqual({ deposits: [], cursor: entries[1]!.signature });
    entries[2]!.transaction = signedV0(trader, [transfer(trader.publicKey, solver.publicKey, 5n), memo(requestId)]);
    expect((await bridge.scanDeposits(first.cursor)).deposits.map((deposit) => deposit.requestId)).toEqual([requestId]);
  });

  it('starts at the newest signature, or from the beginning when the depository had no history', async () => {
    const entries: { signature: string; err: unknown; transaction: string | null }[] = [];
    const { bridge, calls } = bridgeOver(history(entries));
    const first = await bridge.scanDeposits(undefined);
    expect(first).toEqual({ deposits: [], cursor: '' });
    entries.push({
      signature: fakeSignature(),
      err: null,
      transaction: signedV0(trader, [transfer(trader.publicKey, solver.publicKey, 9n), memo(newRequestId())]),
    });
    const next = await bridge.scanDeposits(first.cursor);
    expect(next.deposits).toHaveLength(1);
    expect(next.cursor).toBe(entries[0]!.signature);
    expect(calls.filter((call) => call.method === 'getSignaturesForAddress').every((call) => call.params[1].commitment === 'finalized')).toBe(true);
    expect((await bridge.scanDeposits(undefined)).cursor).toBe(entries[0]!.signature);
  });
});

describe('settlePayment', () => {
  const statuses = (status: unknown) => () => ({ context: { slot: 1 }, value: [status] });
  const validity = (valid: boolean) => () => ({ context: { slot: 1 }, value: valid });

  it('is pending while the blockhash is valid and the chain has not confirmed the payment', async () => {
    const { bridge, calls } = bridgeOver({ getSignatureStatuses: statuses(null), sendTransaction: () => 'sig', isBlockhashValid: validity(true) });
    const payment = await bridge.signPayment({ to: trader.publicKey.toBase58(), amount: 1_000_000_000n, requestId: newRequestId() });
    expect(await bridge.settlePayment(payment, 300)).toBe('pending');
    expect(calls.filter((call) => call.method === 'sendTransaction')).toHaveLength(1);
  });

  it('is not dropped while the chain has processed it, even once its blockhash is past', async () => {
    const { bridge, calls } = bridgeOver({
      getSignatureStatuses: statuses({ err: null, confirmationStatus: 'processed' }),
      sendTransaction: () => 'sig',
      isBlockhashValid: validity(false),
    });
    const payment = await bridge.signPayment({ to: trader.publicKey.toBase58(), amount: 1_000_000_000n, requestId: newRequestId() });
    expect(await bridge.settlePayment(payment, 300)).toBe('pending');
    expect(calls.some((call) => call.method === 'sendTransaction')).toBe(false);
  });

  it('takes "already processed" as sent, and reads a failed payment as reverted', async () => {
    let landed: unknown = null;
    const { bridge } = bridgeOver({
      getSignatureStatuses: () => ({ context: { slot: 1 }, value: [landed] }),
      sendTransaction: () => {
        landed = { err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'confirmed' };
        throw new JsonRpcError(-32002, 'Transaction simulation failed: This transaction has already been processed', { err: 'AlreadyProcessed' });
      },
      isBlockhashValid: validity(true),
    });
    const payment = await bridge.signPayment({ to: trader.publicKey.toBase58(), amount: 1n, requestId: newRequestId() });
    expect(await bridge.settlePayment(payment, 1_000)).toBe('reverted');
  });

  it('turns a refused payment into a code a person can act on', async () => {
    const { bridge } = bridgeOver({
      getSignatureStatuses: statuses(null),
      sendTransaction: () => {
        throw new JsonRpcError(-32002, 'Transaction simulation failed', { err: { InstructionError: [0, { Custom: 1 }] } });
      },
    });
    const payment = await bridge.signPayment({ to: trader.publicKey.toBase58(), amount: 10n ** 15n, requestId: newRequestId() });
    expect(await rejection(bridge.settlePayment(payment, 1_000))).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });
});

describe('deposit depth', () => {
  const requestId = newRequestId();
  const landed = {
    blockTime: 1_700_000_000,
    slot: 5,
    meta: { err: null, loadedAddresses: { writable: [], readonly: [] } },
    transaction: [signedV0(trader, [transfer(trader.publicKey, solver.publicKey, 7n), memo(requestId)]), 'base64'],
  };
  const over = (status: unknown, confirmations?: number) =>
    bridgeOver(
      {
        getSignatureStatuses: () => ({ context: { slot: 1 }, value: [status] }),
        getTransaction: () => landed,
      },
      confirmations,
    ).bridge;
  const confirmed = (confirmations: number) => ({ err: null, confirmationStatus: 'confirmed', confirmations });
  const finalized = { err: null, confirmationStatus: 'finalized', confirmations: null };

  it('by default waits for finalized: a confirmed deposit stays below the depth however many blocks are on it', async () => {
    expect(over(undefined).confirmations).toBe(32);
    expect(await over(confirmed(20)).recheckDeposit('sig')).toEqual({ state: 'below', depth: { confirmations: 21, required: 32 } });
    expect(await over(finalized).recheckDeposit('sig')).toMatchObject({ state: 'final', deposit: { requestId, amount: 7n }, depth: { required: 32 } });
    expect(await over(confirmed(0)).waitForDeposit('sig', 1_000)).toMatchObject({ state: 'confirmed', final: false, deposit: { requestId } });
  });

  it("with a depth in blocks counts the confirmed blocks on the deposit's own; depth 1 is confirmed, final as it lands", async () => {
    expect(await over(confirmed(1), 3).recheckDeposit('sig')).toEqual({ state: 'below', depth: { confirmations: 2, required: 3 } });
    expect(await over(confirmed(2), 3).recheckDeposit('sig')).toMatchObject({ state: 'final', depth: { confirmations: 3, required: 3 } });
    expect(await over(confirmed(0), 1).waitForDeposit('sig', 1_000)).toMatchObject({
      state: 'confirmed',
      final: true,
      depth: { confirmations: 1, required: 1 },
    });
  });

  it('is gone once the cluster no longer knows it (its fork was abandoned) or it failed', async () => {
    expect(await over(null).recheckDeposit('sig')).toEqual({ state: 'gone' });
    expect(await over({ err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'confirmed', confirmations: 3 }).recheckDeposit('sig')).toEqual({
      state: 'gone',
    });
  });
});
