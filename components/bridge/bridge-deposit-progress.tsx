import { ProgressSteps } from '@/components/swap/progress-steps';
import { useExplorerTxLink } from '@/components/tx/explorer-links';
import type { BridgeCardState } from './hooks/use-bridge-card';
import { bridgeApprovalText } from './lib/bridge-approval';
import { depositSteps } from './lib/deposit-progress';

/** The approval and the deposit, while a token deposit that needs an approval goes out. */
export function BridgeDepositProgress({ card }: { card: BridgeCardState }) {
  const {
    form,
    tokenIn,
    depositor,
    quote: { quote },
  } = card;
  const explorerLink = useExplorerTxLink();
  // The quote is held still while the deposit runs: it is the one being paid.
  if (!depositor.running || !quote?.transaction.approve) return null;
  const approveLabel = bridgeApprovalText(quote, tokenIn) ?? `Approve ${quote.stats.symbolIn ?? tokenIn.symbol}`;
  const steps = depositSteps({ phase: depositor.phase, source: form.source, approveLabel, approveTxHash: depositor.approveTxHash, explorerLink });
  return <ProgressSteps label="Deposit progress" steps={steps} noteOf={(step) => step.note} />;
}
