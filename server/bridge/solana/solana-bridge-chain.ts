/**
 * The bridge on Solana. A deposit is one transaction paid by the trader: a System transfer of the quoted
 * lamports to the depository (the solver's own address) and an SPL Memo carrying the requestId. Finding
 * deposits reads the depository's signature history; the solver's own fills and refunds appear there too
 * (they debit the same address) and are told apart by the direction of the transfer. Fills and refunds are
 * transfers from the solver with the requestId as memo, signed against a fresh blockhash, so a stored payment
 * that did not land before its blockhash expired can provably never land.
 */
import {
  address as toAddress, getBase58Decoder, getPublicKeyFromAddress, verifySignature, type SignatureBytes,
} from '@solana/kit';
import {
  ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, TransactionInstruction, TransactionMessage, VersionedTransaction,
  type VersionedMessage,
} from '@solana/web3.js';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { batchAnswer, requestChecked, rpcRefused } from '@/server/chains/rpc-answers';
import { decodeBase58, isSolanaAddress } from '@/server/chains/solana/address';
import { AppError } from '@/server/errors';
import { classifySolanaError } from '@/server/trading/solana/solana-errors';
import { tradeFailure } from '@/server/trading/trade-failures';
import { sleep } from '@/server/trading/trade-outcome';
import type { BridgeChain, DepositState, FoundDeposit, PaymentState, SignedPayment } from '../bridge-chain';

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
/** Wallets sending a deposit themselves may use the first Memo program; both carry the same text. */
const MEMO_PROGRAMS = new Set([MEMO_PROGRAM_ID.toBase58(), 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);
const SYSTEM_PROGRAM = SystemProgram.programId.toBase58();
const COMPUTE_BUDGET_PROGRAM = ComputeBudgetProgram.programId.toBase58();
/** SystemInstruction::Transfer: u32 index 2, then the lamports as u64, little-endian. */
const SYSTEM_TRANSFER_INDEX = 2;
const SYSTEM_TRANSFER_LENGTH = 12;
const REQUEST_ID = /^0x[0-9a-fA-F]{64}$/;

export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** Lamports the solver keeps beyond its rent-exempt minimum, for the fees of the payments it signs. */
export const SOLVER_FEE_RESERVE = 1_000_000n;
/** getSignaturesForAddress answers at most this many per call; older ones are paged with `before`. */
const SIGNATURE_PAGE = 1_000;
/** Transactions read per scan: a long backlog is worked through oldest first over several scans. */
const MAX_SCANNED_TRANSACTIONS = 200;
const TRANSACTIONS_PER_BATCH = 10;
const POLL_MS = 200;

const blockhashSchema = z.object({ value: z.object({ blockhash: z.string(), lastValidBlockHeight: z.number().int() }) });
const lamportsSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((value) => BigInt(value));
const balanceSchema = z.object({ value: lamportsSchema });
const validitySchema = z.object({ value: z.boolean() });
const statusesSchema = z.object({
  value: z.array(z.object({ err: z.unknown().nullable(), confirmationStatus: z.string().nullable().optional() }).nullable()),
});
const signaturesSchema = z.array(z.object({ signature: z.string(), err: z.unknown().nullable() }));
const transactionSchema = z.object({
  blockTime: z.number().nullable().optional(),
  meta: z.object({
    err: z.unknown().nullable(),
    loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }).nullable().optional(),
  }).nullable(),
  transaction: z.tuple([z.string(), z.literal('base64')]),
}).nullable();

type LandedTransaction = NonNullable<z.infer<typeof transactionSchema>>;

interface Instruction {
  program: string;
  accounts: string[];
  data: Buffer;
}

interface Transfer {
  from: string;
  to: string;
  lamports: bigint;
}

const base58 = getBase58Decoder();
const signatureOf = (transaction: VersionedTransaction): string => base58.decode(transaction.signatures[0]!);

function instructionsOf(message: VersionedMessage, keys: readonly string[]): Instruction[] {
  return message.compiledInstructions.map((instruction) => ({
    program: keys[instruction.programIdIndex] ?? '',
    accounts: instruction.accountKeyIndexes.map((index) => keys[index] ?? ''),
    data: Buffer.from(instruction.data),
  }));
}

/** A System transfer, or undefined for any other instruction. */
function transferOf(instruction: Instruction): Transfer | undefined {
  const { program, data, accounts } = instruction;
  if (program !== SYSTEM_PROGRAM || data.length !== SYSTEM_TRANSFER_LENGTH || data.readUInt32LE(0) !== SYSTEM_TRANSFER_INDEX) return undefined;
  if (accounts.length < 2) return undefined;
  return { from: accounts[0]!, to: accounts[1]!, lamports: data.readBigUInt64LE(4) };
}

const memoOf = (instruction: Instruction): string | undefined =>
  (MEMO_PROGRAMS.has(instruction.program) ? instruction.data.toString('utf8') : undefined);

/**
 * The deposit a landed transaction made: transfers into the depository from another account, and exactly one
 * requestId among its memos. The solver's own payments carry a memo too, but their transfer leaves the depository.
 */
function depositIn(instructions: Instruction[], depository: string): { requestId: string; from: string; amount: bigint } | undefined {
  const requestIds = new Set(instructions.map(memoOf).filter((memo): memo is string => memo !== undefined && REQUEST_ID.test(memo)).map((memo) => memo.toLowerCase()));
  if (requestIds.size !== 1) return undefined;
  const incoming = instructions.map(transferOf).filter((transfer): transfer is Transfer => transfer !== undefined && transfer.to === depository && transfer.from !== depository);
  if (incoming.length === 0) return undefined;
  return { requestId: [...requestIds][0]!, from: incoming[0]!.from, amount: incoming.reduce((total, transfer) => total + transfer.lamports, 0n) };
}

/** What makes a signed deposit differ from the quoted one, in words a person can act on; empty when it matches. */
function depositProblems(
  transaction: VersionedTransaction,
  expected: { trader: string; amount: bigint; requestId: string },
  depository: string,
): string[] {
  const { message } = transaction;
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  const problems: string[] = [];
  if (keys[0] !== expected.trader) problems.push(`its fee payer is ${keys[0] ?? 'missing'}, not the quoted trader ${expected.trader}`);
  if (message.addressTableLookups.length > 0) problems.push('it loads address lookup tables, which a deposit does not use');
  const instructions = instructionsOf(message, keys);
  const transfers: Transfer[] = [];
  const memos: string[] = [];
  instructions.forEach((instruction, index) => {
    const transfer = transferOf(instruction);
    const memo = memoOf(instruction);
    if (transfer) transfers.push(transfer);
    else if (memo !== undefined) memos.push(memo);
    else if (instruction.program === SYSTEM_PROGRAM) problems.push(`instruction ${index} is a System instruction other than a plain transfer`);
    else if (instruction.program !== COMPUTE_BUDGET_PROGRAM) problems.push(`instruction ${index} calls program ${instruction.program}, which a deposit does not use`);
  });
  if (transfers.length !== 1) {
    problems.push(`it makes ${transfers.length} transfers, a deposit makes exactly one`);
  } else {
    const [transfer] = transfers as [Transfer];
    if (transfer.from !== expected.trader) problems.push(`its transfer is from ${transfer.from}, not the trader ${expected.trader}`);
    if (transfer.to !== depository) problems.push(`it pays ${transfer.to}, not the depository ${depository}`);
    if (transfer.lamports !== expected.amount) problems.push(`it sends ${transfer.lamports} lamports, not the quoted ${expected.amount}`);
  }
  if (memos.length !== 1) problems.push(`it carries ${memos.length} memos, a deposit carries exactly one: the requestId`);
  else if (memos[0]!.toLowerCase() !== expected.requestId.toLowerCase()) problems.push('its memo is not the requestId');
  return problems;
}

/** Every required signature is present and valid for the message; the first is the fee payer's. */
async function signatureProblem(transaction: VersionedTransaction): Promise<string | undefined> {
  const { message } = transaction;
  const bytes = message.serialize();
  for (let index = 0; index < message.header.numRequiredSignatures; index += 1) {
    const signer = message.staticAccountKeys[index]!.toBase58();
    const signature = transaction.signatures[index];
    if (!signature || signature.every((byte) => byte === 0)) return `${signer} has not signed it. Sign it with the trader's wallet first.`;
    const key = await getPublicKeyFromAddress(toAddress(signer));
    if (!(await verifySignature(key, signature as SignatureBytes, bytes))) {
      return `the signature of ${signer} does not verify. Sign the quoted deposit again, unchanged.`;
    }
  }
  return undefined;
}

/** The transaction error a refused sendTransaction carries (preflight), or undefined for any other refusal. */
function refusalOf(error: JsonRpcError): unknown {
  // -32003: signature verification failed before simulation.
  if (error.rpcCode === -32003) return 'SignatureFailure';
  return (error.data as { err?: unknown } | undefined)?.err;
}

export function createSolanaBridgeChain(deps: {
  chain: ConfiguredChain;
  solverSecretKey: string;
  depository: string;
  nativeUsd: () => Promise<number>;
}): BridgeChain {
  const { rpc } = deps.chain;
  const secret = decodeBase58(deps.solverSecretKey);
  if (secret?.length !== 64) throw new AppError('INTERNAL', 'The SOL solver key is not the base58 text of a 64-byte secret key.');
  const solver = Keypair.fromSecretKey(secret);
  const depository = deps.depository;
  if (!isSolanaAddress(depository)) throw new AppError('INTERNAL', `The SOL depository ${depository} is not a Solana address.`);

  async function latestBlockhash(): Promise<string> {
    const { value } = await requestChecked(rpc, 'getLatestBlockhash', [{ commitment: 'confirmed' }], blockhashSchema);
    return value.blockhash;
  }

  const rentExemptMinimum = () => requestChecked(rpc, 'getMinimumBalanceForRentExemption', [0], lamportsSchema);
  const balanceOf = async (account: string) => (await requestChecked(rpc, 'getBalance', [account, { commitment: 'confirmed' }], balanceSchema)).value;

  async function transferWithMemo(input: { from: PublicKey; to: PublicKey; amount: bigint; requestId: string }): Promise<VersionedTransaction> {
    return new VersionedTransaction(new TransactionMessage({
      payerKey: input.from,
      recentBlockhash: await latestBlockhash(),
      instructions: [
        SystemProgram.transfer({ fromPubkey: input.from, toPubkey: input.to, lamports: input.amount }),
        new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(input.requestId, 'utf8') }),
      ],
    }).compileToV0Message());
  }

  /** undefined while the chain has not seen the transaction; `confirmed` false while it is only processed. */
  async function status(signature: string) {
    const { value } = await requestChecked(rpc, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }], statusesSchema);
    const found = value[0];
    if (!found) return undefined;
    const confirmed = found.confirmationStatus === 'confirmed' || found.confirmationStatus === 'finalized';
    return { confirmed, failed: found.err !== null && found.err !== undefined };
  }

  const transactionRequest = (signature: string) => ({
    method: 'getTransaction',
    params: [signature, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
  });

  function depositOf(signature: string, landed: LandedTransaction): FoundDeposit | undefined {
    if (!landed.meta || landed.meta.err !== null) return undefined;
    const transaction = VersionedTransaction.deserialize(Buffer.from(landed.transaction[0], 'base64'));
    const loaded = landed.meta.loadedAddresses;
    const keys = [...transaction.message.staticAccountKeys.map((key) => key.toBase58()), ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
    const found = depositIn(instructionsOf(transaction.message, keys), depository);
    if (!found) return undefined;
    return { ...found, txHash: signature, confirmedAtMs: landed.blockTime ? landed.blockTime * 1_000 : Date.now() };
  }

  /** Sends a signed transaction with preflight. A transaction the chain already has is not an error. */
  async function send(raw: string, options: { expiredIsRefusal: boolean }): Promise<'sent' | 'expired'> {
    try {
      await rpc.request('sendTransaction', [raw, { encoding: 'base64', preflightCommitment: 'confirmed' }]);
      return 'sent';
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error;
      const refusal = refusalOf(error);
      if (refusal === 'AlreadyProcessed') return 'sent';
      if (refusal === 'BlockhashNotFound' && !options.expiredIsRefusal) return 'expired';
      if (refusal === undefined) throw rpcRefused('SOL', 'sendTransaction', error);
      const failure = classifySolanaError(refusal, VersionedTransaction.deserialize(Buffer.from(raw, 'base64')).message);
      throw tradeFailure(failure.code, failure.reason, 'trade');
    }
  }

  /** Signatures newer than `until` (all of them when undefined), newest first, paged back with `before`. */
  async function signaturesSince(until: string | undefined) {
    const found: z.infer<typeof signaturesSchema> = [];
    for (;;) {
      const before = found.at(-1)?.signature;
      const page = await requestChecked(rpc, 'getSignaturesForAddress', [depository, {
        limit: SIGNATURE_PAGE, commitment: 'finalized', ...(until ? { until } : {}), ...(before ? { before } : {}),
      }], signaturesSchema);
      found.push(...page);
      if (page.length < SIGNATURE_PAGE) return found;
    }
  }

  return {
    chain: 'SOL',
    depository,
    solver: solver.publicKey.toBase58(),

    nativeUsd: deps.nativeUsd,

    async inventory() {
      const [balance, rent] = await Promise.all([balanceOf(solver.publicKey.toBase58()), rentExemptMinimum()]);
      const spendable = balance - rent - SOLVER_FEE_RESERVE;
      return spendable > 0n ? spendable : 0n;
    },

    async paymentCost(to, amount) {
      const [balance, rent] = await Promise.all([balanceOf(to), rentExemptMinimum()]);
      // The chain refuses a transfer that would leave a new account below the rent-exempt minimum.
      if (balance === 0n && amount < rent) {
        throw new AppError('INVALID_INPUT', `amount: ${to} has no SOL account yet, and ${amount} lamports would not make it rent-exempt (${rent} lamports at least). Send at least that much, or fund the account first.`, { field: 'amount' });
      }
      return LAMPORTS_PER_SIGNATURE;
    },

    async buildDeposit({ trader, amount, requestId }) {
      const transaction = await transferWithMemo({ from: new PublicKey(trader), to: new PublicKey(depository), amount, requestId });
      return Buffer.from(transaction.serialize()).toString('base64');
    },

    async checkSignedDeposit(signed, expected) {
      let transaction: VersionedTransaction;
      try {
        transaction = VersionedTransaction.deserialize(Buffer.from(signed, 'base64'));
      } catch {
        throw new AppError('INVALID_SIGNATURE', 'trade: not a serialized Solana transaction. Sign the quoted deposit unchanged and send it as base64.', { field: 'trade' });
      }
      const problems = depositProblems(transaction, expected, depository);
      if (problems.length > 0) {
        throw new AppError('TX_MISMATCH', `trade: the deposit does not match the quote: ${problems.join('; ')}. Sign the quoted deposit unchanged.`, { field: 'trade' });
      }
      const problem = await signatureProblem(transaction);
      if (problem) throw new AppError('INVALID_SIGNATURE', `trade: ${problem}`, { field: 'trade' });
      return { txHash: signatureOf(transaction) };
    },

    async broadcast(signed) {
      await send(signed, { expiredIsRefusal: true });
    },

    async waitForDeposit(signature, timeoutMs): Promise<DepositState> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const landed = await status(signature);
        if (landed?.confirmed && landed.failed) return { state: 'reverted' };
        if (landed?.confirmed) {
          const transaction = await requestChecked(rpc, 'getTransaction', transactionRequest(signature).params, transactionSchema);
          // A node may report the status a moment before it serves the transaction.
          if (transaction) {
            const deposit = depositOf(signature, transaction);
            return deposit ? { state: 'confirmed', deposit } : { state: 'reverted' };
          }
        }
        if (Date.now() > deadline) return { state: 'pending' };
        await sleep(POLL_MS);
      }
    },

    async scanDeposits(cursor) {
      // Finalized history only: a cursor on a fork that was abandoned would never be found again as `until`.
      if (cursor === undefined) {
        const [newest] = await requestChecked(rpc, 'getSignaturesForAddress', [depository, { limit: 1, commitment: 'finalized' }], signaturesSchema);
        return { deposits: [], cursor: newest?.signature ?? '' };
      }
      // An empty cursor: the depository had no history when scanning began, so all of it is new.
      const newer = (await signaturesSince(cursor || undefined)).reverse().slice(0, MAX_SCANNED_TRANSACTIONS);
      const deposits: FoundDeposit[] = [];
      let reached = cursor;
      for (let start = 0; start < newer.length; start += TRANSACTIONS_PER_BATCH) {
        const chunk = newer.slice(start, start + TRANSACTIONS_PER_BATCH);
        const succeeded = chunk.filter((entry) => entry.err === null);
        const answers = await rpc.requestBatch(succeeded.map((entry) => transactionRequest(entry.signature)));
        const landed = new Map(succeeded.map((entry, index) => [entry.signature, batchAnswer('SOL', 'getTransaction', transactionSchema, answers[index])]));
        for (const entry of chunk) {
          if (entry.err === null) {
            const transaction = landed.get(entry.signature);
            // Not served yet: stop before it, so the next scan reads it rather than skipping it.
            if (!transaction) return { deposits, cursor: reached };
            const deposit = depositOf(entry.signature, transaction);
            if (deposit) deposits.push(deposit);
          }
          reached = entry.signature;
        }
      }
      return { deposits, cursor: reached };
    },

    async signPayment({ to, amount, requestId }): Promise<SignedPayment> {
      const transaction = await transferWithMemo({ from: solver.publicKey, to: new PublicKey(to), amount, requestId });
      transaction.sign([solver]);
      return { txHash: signatureOf(transaction), raw: Buffer.from(transaction.serialize()).toString('base64') };
    },

    async settlePayment(payment, timeoutMs): Promise<PaymentState> {
      const known = await status(payment.txHash);
      if (known?.confirmed) return known.failed ? 'reverted' : 'confirmed';
      if (!known) await send(payment.raw, { expiredIsRefusal: false });
      const blockhash = VersionedTransaction.deserialize(Buffer.from(payment.raw, 'base64')).message.recentBlockhash;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const landed = await status(payment.txHash);
        if (landed?.confirmed) return landed.failed ? 'reverted' : 'confirmed';
        if (!landed) {
          // 'processed' is the most recent view: a node that lags must not call a fresh blockhash expired.
          const { value: valid } = await requestChecked(rpc, 'isBlockhashValid', [blockhash, { commitment: 'processed' }], validitySchema);
          // Only a transaction the chain never saw, whose blockhash is past, can never land.
          if (!valid && !(await status(payment.txHash))) return 'dropped';
        }
        if (Date.now() > deadline) return 'pending';
        await sleep(POLL_MS);
      }
    },
  };
}
