/**
 * The SPL Memo program a bridge deposit carries its requestId with: one leaf module that the native
 * deposits, the token deposits and the bridge chain all import.
 */
import { PublicKey } from '@solana/web3.js';

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
