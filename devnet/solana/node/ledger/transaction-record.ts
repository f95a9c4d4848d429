import type { Address } from '@solana/kit';
import type { UiTokenAmount } from '../codecs/ui-token-amount';
import type { TransactionErrorJson } from '../errors/transaction-errors';

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

export interface RecordedInnerInstructions {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
}

/** A landed transaction with everything getTransaction and the status methods answer from. */
export interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  wire: Uint8Array;
  version: 'legacy' | number;
  err: TransactionErrorJson | null;
  logs: string[];
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  accountKeys: Address[];
  staticAccountCount: number;
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  writable: boolean[];
  signers: boolean[];
  computeUnitsConsumed: bigint;
  innerInstructions: RecordedInnerInstructions[];
  returnData: { programId: string; data: [string, 'base64'] } | null;
  priorityFee: bigint;
}
