/**
 * The shape of one transaction as the app's transaction page shows it, shared by each family's reader (a leaf
 * module, so the readers and the dispatch in transaction-view.ts import it without importing each other).
 */
import type { TokenMetadata } from './token-metadata';
import type { ConfiguredChain } from './chain-directory';
import type { ChainId } from './registry';

export type TransactionStatus = 'success' | 'reverted' | 'pending' | 'not-found';

export interface ViewedToken {
  address: string;
  /** Null when the token does not say (not a known token, no readable `symbol()`). */
  symbol: string | null;
  decimals: number;
}

/** An ERC-20 `Transfer` event of the transaction. */
export interface TokenTransfer {
  token: ViewedToken;
  from: string;
  to: string;
  amount: bigint;
}

/** A Solana account's balance before and after the transaction: SOL (lamports) or one token of one owner. */
export interface BalanceChange {
  /** The wallet that owns the token account, or the account itself for SOL. */
  account: string;
  token: ViewedToken;
  change: bigint;
}

export interface TransactionView {
  chain: ChainId;
  hash: string;
  status: TransactionStatus;
  /** Block number (EVM) or slot (Solana); null until mined. */
  block: bigint | null;
  /** The sender (EVM) or fee payer (Solana). */
  from: string | null;
  /** The called or paid address; null for a contract creation and on Solana, where a transaction has no one recipient. */
  to: string | null;
  /** Native value sent with the call, raw units; null on Solana (its SOL movements are balance changes). */
  value: bigint | null;
  transfers: TokenTransfer[];
  balanceChanges: BalanceChange[];
}

export interface TransactionViewDeps {
  chain: ConfiguredChain;
  /** Tokens whose symbol and decimals are known without asking the chain (the world's list, native first). */
  known: readonly TokenMetadata[];
}

/** What a hash no node knows reads as. */
export function notFoundView(chain: ChainId, hash: string): TransactionView {
  return { chain, hash, status: 'not-found', block: null, from: null, to: null, value: null, transfers: [], balanceChanges: [] };
}
