/**
 * Deposits read out of Solana transactions, with no RPC: the quoted deposit's shape and signatures checked
 * before it is sent, and the deposit a landed transaction made. A deposit is a System transfer into the
 * depository (or an SPL transfer into its token account, solana-token-deposits.ts) plus an SPL Memo carrying
 * the requestId.
 */
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@solana-program/compute-budget';
import { getPublicKeyFromAddress, verifySignature, type Transaction } from '@solana/kit';
import { z } from 'zod';
import { SYSTEM_PROGRAM } from '@/server/chains/solana/programs';
import { readTransaction, type CompiledMessage } from '@/server/chains/solana/transactions';
import type { FoundDeposit } from '../bridge-chain';
import { MEMO_PROGRAM_ID } from './memo-program';
import { splDepositIn, splDepositProblems } from './solana-token-deposits';

/** Wallets sending a deposit themselves may use the first Memo program; both carry the same text. */
const MEMO_PROGRAMS = new Set<string>([MEMO_PROGRAM_ID, 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);
/** SystemInstruction::Transfer: u32 index 2, then the lamports as u64, little-endian. */
const SYSTEM_TRANSFER_INDEX = 2;
const SYSTEM_TRANSFER_LENGTH = 12;
const REQUEST_ID = /^0x[0-9a-fA-F]{64}$/;

/** getTransaction at base64 encoding: what reading a landed deposit needs. */
export const landedTransactionSchema = z
  .object({
    blockTime: z.number().nullable().optional(),
    meta: z
      .object({
        err: z.unknown().nullable(),
        loadedAddresses: z
          .object({ writable: z.array(z.string()), readonly: z.array(z.string()) })
          .nullable()
          .optional(),
      })
      .nullable(),
    transaction: z.tuple([z.string(), z.literal('base64')]),
  })
  .nullable();

type LandedTransaction = NonNullable<z.infer<typeof landedTransactionSchema>>;

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

function instructionsOf(message: CompiledMessage, keys: readonly string[]): Instruction[] {
  return message.instructions.map((instruction) => ({
    program: keys[instruction.programAddressIndex] ?? '',
    accounts: (instruction.accountIndices ?? []).map((index) => keys[index] ?? ''),
    data: Buffer.from(instruction.data ?? []),
  }));
}

/** A System transfer, or undefined for any other instruction. */
function transferOf(instruction: Instruction): Transfer | undefined {
  const { program, data, accounts } = instruction;
  if (program !== SYSTEM_PROGRAM || data.length !== SYSTEM_TRANSFER_LENGTH || data.readUInt32LE(0) !== SYSTEM_TRANSFER_INDEX) return undefined;
  if (accounts.length < 2) return undefined;
  return { from: accounts[0]!, to: accounts[1]!, lamports: data.readBigUInt64LE(4) };
}

const memoOf = (instruction: Instruction): string | undefined => (MEMO_PROGRAMS.has(instruction.program) ? instruction.data.toString('utf8') : undefined);

/**
 * The deposit a landed transaction made: transfers into the depository from another account, and exactly one
 * requestId among its memos. The solver's own payments carry a memo too, but their transfer leaves the depository.
 */
async function depositIn(
  instructions: Instruction[],
  depository: string,
): Promise<{ requestId: string; from: string; amount: bigint; token?: string } | undefined> {
  const requestIds = new Set(
    instructions
      .map(memoOf)
      .filter((memo): memo is string => memo !== undefined && REQUEST_ID.test(memo))
      .map((memo) => memo.toLowerCase()),
  );
  if (requestIds.size !== 1) return undefined;
  const incoming = instructions
    .map(transferOf)
    .filter((transfer): transfer is Transfer => transfer !== undefined && transfer.to === depository && transfer.from !== depository);
  if (incoming.length === 0) return splDepositIn(instructions, depository, [...requestIds][0]!);
  return { requestId: [...requestIds][0]!, from: incoming[0]!.from, amount: incoming.reduce((total, transfer) => total + transfer.lamports, 0n) };
}

/** The deposit a successful landed transaction made into `depository`, if any. */
export async function depositOf(signature: string, landed: LandedTransaction, depository: string): Promise<FoundDeposit | undefined> {
  if (!landed.meta || landed.meta.err !== null) return undefined;
  const { message } = readTransaction(landed.transaction[0]);
  const loaded = landed.meta.loadedAddresses;
  const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const found = await depositIn(instructionsOf(message, keys), depository);
  if (!found) return undefined;
  return { ...found, txHash: signature, confirmedAtMs: landed.blockTime ? landed.blockTime * 1_000 : Date.now() };
}

/** What makes a signed deposit differ from the quoted one, in words a person can act on; empty when it matches. */
export async function depositProblems(
  message: CompiledMessage,
  expected: { trader: string; amount: bigint; requestId: string; token?: string },
  depository: string,
): Promise<string[]> {
  const keys = message.staticAccounts;
  const problems: string[] = [];
  if (keys[0] !== expected.trader) problems.push(`its fee payer is ${keys[0] ?? 'missing'}, not the quoted trader ${expected.trader}`);
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
    problems.push('it loads address lookup tables, which a deposit does not use');
  const instructions = instructionsOf(message, keys);
  problems.push(...memoProblems(instructions, expected.requestId));
  if (expected.token) return [...problems, ...(await splDepositProblems(instructions, { ...expected, token: expected.token }, depository, memoOf))];
  const transfers: Transfer[] = [];
  instructions.forEach((instruction, index) => {
    const transfer = transferOf(instruction);
    const memo = memoOf(instruction);
    if (transfer) transfers.push(transfer);
    else if (memo !== undefined) return;
    else if (instruction.program === SYSTEM_PROGRAM) problems.push(`instruction ${index} is a System instruction other than a plain transfer`);
    else if (instruction.program !== COMPUTE_BUDGET_PROGRAM_ADDRESS)
      problems.push(`instruction ${index} calls program ${instruction.program}, which a deposit does not use`);
  });
  if (transfers.length !== 1) {
    problems.push(`it makes ${transfers.length} transfers, a deposit makes exactly one`);
  } else {
    const [transfer] = transfers as [Transfer];
    if (transfer.from !== expected.trader) problems.push(`its transfer is from ${transfer.from}, not the trader ${expected.trader}`);
    if (transfer.to !== depository) problems.push(`it pays ${transfer.to}, not the depository ${depository}`);
    if (transfer.lamports !== expected.amount) problems.push(`it sends ${transfer.lamports} lamports, not the quoted ${expected.amount}`);
  }
  return problems;
}

function memoProblems(instructions: Instruction[], requestId: string): string[] {
  const memos = instructions.map(memoOf).filter((memo): memo is string => memo !== undefined);
  if (memos.length !== 1) return [`it carries ${memos.length} memos, a deposit carries exactly one: the requestId`];
  return memos[0]!.toLowerCase() === requestId.toLowerCase() ? [] : ['its memo is not the requestId'];
}

/** Every required signature is present and valid for the message; the first is the fee payer's. */
export async function signatureProblem(transaction: Transaction, message: CompiledMessage): Promise<string | undefined> {
  const bytes = transaction.messageBytes;
  for (let index = 0; index < message.header.numSignerAccounts; index += 1) {
    const signer = message.staticAccounts[index]!;
    // An all-zero signature reads as null.
    const signature = transaction.signatures[signer];
    if (!signature) return `${signer} has not signed it. Sign it with the trader's wallet first.`;
    const key = await getPublicKeyFromAddress(signer);
    if (!(await verifySignature(key, signature, bytes))) {
      return `the signature of ${signer} does not verify. Sign the quoted deposit again, unchanged.`;
    }
  }
  return undefined;
}
