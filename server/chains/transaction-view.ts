/**
 * One transaction as the app's transaction page shows it, read from the chain itself: where it stands, its
 * block, sender, recipient and native value, and the tokens it moved. Each family reads its own node.
 */
import { readEvmTransactionView } from './evm/evm-transaction-view';
import { CHAINS, type ChainFamily } from './registry';
import { readSolanaTransactionView } from './solana/solana-transaction-view';
import type { TransactionView, TransactionViewDeps } from './transaction-view-types';

type FamilyReader = (deps: TransactionViewDeps, hash: string) => Promise<TransactionView>;

const READERS: Record<ChainFamily, FamilyReader> = { evm: readEvmTransactionView, solana: readSolanaTransactionView };

export function readTransactionView(deps: TransactionViewDeps, hash: string): Promise<TransactionView> {
  return READERS[CHAINS[deps.chain.info.id].family](deps, hash);
}
