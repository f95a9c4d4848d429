/**
 * The SPL Memo program a bridge deposit carries its requestId with: one leaf module that the native
 * deposits, the token deposits and the bridge chain all import.
 */
import { address, type Instruction } from '@solana/kit';

export const MEMO_PROGRAM_ID = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** A memo carrying `text` as UTF-8, signed by no one. */
export const memoInstruction = (text: string): Instruction => ({ programAddress: MEMO_PROGRAM_ID, accounts: [], data: new TextEncoder().encode(text) });
