/**
 * What the bridge form shows while a deposit that needs an approval goes out: two steps, the approval
 * (asked in the wallet, then waiting for its receipt) and the deposit (asked in the wallet, then sent).
 */
import { explorerTxUrl, type ChainId } from '@/server/chains/registry';

/**
 * `approve`: the wallet is asked to approve; `approving`: the approval waits for its receipt; `wallet`: the
 * wallet is asked to sign or send the deposit; `sending`: the server sends a signed Solana deposit.
 */
export type DepositPhase = 'idle' | 'approve' | 'approving' | 'wallet' | 'sending' | 'sent';

export interface DepositStep {
  id: 'approve' | 'deposit';
  label: string;
  status: 'waiting' | 'active' | 'done';
  note: string;
  txHash?: string;
  explorerUrl?: string;
}

const BEFORE_DEPOSIT: readonly DepositPhase[] = ['approve', 'approving'];

export function depositSteps({
  phase,
  source,
  approveLabel,
  approveTxHash,
  explorerLink = explorerTxUrl,
}: {
  phase: DepositPhase;
  source: ChainId;
  /** The approval in words: token, spender and amount ("Approve exactly 25 USDC for the Depository 0x…"). */
  approveLabel: string;
  approveTxHash?: string;
  /** A transaction's link as the pages render it (components/tx/explorer-links.tsx); the chain's explorer when absent. */
  explorerLink?: (chain: ChainId, hash: string) => string;
}): DepositStep[] {
  const approving = BEFORE_DEPOSIT.includes(phase);
  const link = approveTxHash ? { txHash: approveTxHash, explorerUrl: explorerLink(source, approveTxHash) } : {};
  const approve: DepositStep =
    phase === 'approve'
      ? { id: 'approve', label: approveLabel, status: 'active', note: 'Confirm the approval in your wallet' }
      : phase === 'approving'
        ? { id: 'approve', label: approveLabel, status: 'active', note: 'Waiting for the approval to confirm', ...link }
        : { id: 'approve', label: approveLabel, status: 'done', note: 'Approved', ...link };
  const deposit: DepositStep = approving
    ? { id: 'deposit', label: 'Deposit', status: 'waiting', note: 'After the approval' }
    : phase === 'wallet'
      ? { id: 'deposit', label: 'Deposit', status: 'active', note: 'Confirm the deposit in your wallet' }
      : { id: 'deposit', label: 'Deposit', status: 'done', note: 'Sent' };
  return [approve, deposit];
}
