/**
 * The instructions the service composes on Solana: System transfers of lamports, and SPL payments into the
 * recipient's associated token account (opened first, idempotently). The payer and the sender are signers
 * the service does not hold (the trader signs in its wallet): they are named by address only.
 */
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { address, createNoopSigner, type Address, type Instruction } from '@solana/kit';

/** The associated token account of `owner` for `mint` (owners off the curve, such as program accounts, too). */
export async function tokenAccountOf(mint: string, owner: string, tokenProgram: string = TOKEN_PROGRAM_ADDRESS): Promise<Address> {
  const [account] = await findAssociatedTokenPda({ mint: address(mint), owner: address(owner), tokenProgram: address(tokenProgram) });
  return account;
}

export function solTransfer(from: Address, to: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports });
}

/** `amount` of `mint` from `from`'s token account to `to`'s, opened first when missing (`payer` paying its rent). */
export async function tokenTransfer(input: {
  payer: Address;
  from: Address;
  to: Address;
  mint: string;
  decimals: number;
  amount: bigint;
  tokenProgram?: string;
}): Promise<Instruction[]> {
  const tokenProgram = address(input.tokenProgram ?? TOKEN_PROGRAM_ADDRESS);
  const mint = address(input.mint);
  const [source, target] = await Promise.all([tokenAccountOf(mint, input.from, tokenProgram), tokenAccountOf(mint, input.to, tokenProgram)]);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(input.payer), ata: target, owner: input.to, mint, tokenProgram }),
    getTransferCheckedInstruction(
      { source, mint, destination: target, authority: createNoopSigner(input.from), amount: input.amount, decimals: input.decimals },
      { programAddress: tokenProgram },
    ),
  ];
}
