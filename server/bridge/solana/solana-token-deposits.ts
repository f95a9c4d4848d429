/**
 * Token deposits and payments on Solana: an SPL `TransferChecked` into the solver's associated token account
 * (created first if missing, idempotently: that instruction also names the solver, so the scan of the
 * solver's signatures finds the deposit) and an SPL Memo carrying the requestId. Read with no RPC, like the
 * native deposits of solana-deposits.ts.
 */
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@solana-program/compute-budget';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { Address, Instruction } from '@solana/kit';
import { TOKEN_PROGRAM } from '@/server/chains/solana/programs';
import { tokenAccountOf, tokenTransfer } from '@/server/chains/solana/token-instructions';
import { memoInstruction } from './memo-program';

/** TokenInstruction::TransferChecked: u8 index 12, the amount as u64 little-endian, the decimals as u8. */
const TRANSFER_CHECKED_INDEX = 12;
const TRANSFER_CHECKED_LENGTH = 10;
const DEPOSIT_HELPER_PROGRAMS: readonly string[] = [ASSOCIATED_TOKEN_PROGRAM_ADDRESS, COMPUTE_BUDGET_PROGRAM_ADDRESS];

export interface DecodedInstruction {
  program: string;
  accounts: string[];
  data: Buffer;
}

export interface SplTransfer {
  source: string;
  mint: string;
  destination: string;
  owner: string;
  amount: bigint;
}

/** The instructions of an SPL payment from `from` to `to` (whose token account is opened when missing, `payer` paying its rent), with the memo. */
export async function splPaymentInstructions(input: {
  payer: Address;
  from: Address;
  to: Address;
  mint: string;
  decimals: number;
  amount: bigint;
  memo: string;
}): Promise<Instruction[]> {
  return [...(await tokenTransfer(input)), memoInstruction(input.memo)];
}

/** A classic SPL TransferChecked, or undefined for any other instruction. */
export function splTransferOf(instruction: DecodedInstruction): SplTransfer | undefined {
  const { program, data, accounts } = instruction;
  if (program !== TOKEN_PROGRAM || data.length !== TRANSFER_CHECKED_LENGTH || data[0] !== TRANSFER_CHECKED_INDEX || accounts.length < 4) return undefined;
  return { source: accounts[0]!, mint: accounts[1]!, destination: accounts[2]!, owner: accounts[3]!, amount: data.readBigUInt64LE(1) };
}

/** The token deposit among a landed transaction's instructions: transfers into the solver's account of one mint. */
export async function splDepositIn(
  instructions: DecodedInstruction[],
  solver: string,
  requestId: string,
): Promise<{ requestId: string; from: string; amount: bigint; token: string } | undefined> {
  const transfers = instructions.map(splTransferOf).filter((transfer): transfer is SplTransfer => transfer !== undefined && transfer.owner !== solver);
  const intoSolver = await Promise.all(transfers.map(async (transfer) => transfer.destination === (await tokenAccountOf(transfer.mint, solver))));
  const incoming = transfers.filter((_, index) => intoSolver[index]);
  const mints = new Set(incoming.map((transfer) => transfer.mint));
  if (mints.size !== 1) return undefined;
  return { requestId, from: incoming[0]!.owner, amount: incoming.reduce((total, transfer) => total + transfer.amount, 0n), token: incoming[0]!.mint };
}

/** What makes a signed token deposit differ from the quoted one; empty when it matches. */
export async function splDepositProblems(
  instructions: DecodedInstruction[],
  expected: { trader: string; amount: bigint; token: string },
  solver: string,
  memoOf: (instruction: DecodedInstruction) => string | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  const transfers: SplTransfer[] = [];
  instructions.forEach((instruction, index) => {
    const transfer = splTransferOf(instruction);
    if (transfer) transfers.push(transfer);
    else if (memoOf(instruction) === undefined && !DEPOSIT_HELPER_PROGRAMS.includes(instruction.program)) {
      problems.push(`instruction ${index} calls program ${instruction.program}, which a token deposit does not use`);
    }
  });
  if (transfers.length !== 1) return [...problems, `it makes ${transfers.length} token transfers, a deposit makes exactly one`];
  const [transfer] = transfers as [SplTransfer];
  if (transfer.owner !== expected.trader) problems.push(`its transfer is from ${transfer.owner}, not the trader ${expected.trader}`);
  if (transfer.mint !== expected.token) problems.push(`it moves ${transfer.mint}, not the quoted ${expected.token}`);
  if (transfer.destination !== (await tokenAccountOf(expected.token, solver))) problems.push(`it pays ${transfer.destination}, not the solver's token account`);
  if (transfer.amount !== expected.amount) problems.push(`it sends ${transfer.amount} raw units, not the quoted ${expected.amount}`);
  return problems;
}
