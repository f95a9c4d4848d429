/**
 * The transactions a request's `details.legs` lists, woven into the tracker's steps: an approval before
 * the deposit, a swap on the source chain before the fill, a swap on the destination (the fill paying
 * through a swap) after it, and the hashes of the deposit, the fill and the refund where the status
 * answer had none.
 */
import { CHAINS, explorerTxUrl, type ChainId } from '@/server/chains/registry';
import { chainName, coinAmount, legCoin, requestCoins } from './bridge-amounts';
import type { TrackerStep, TrackerStepStatus } from './bridge-progress';
import type { BridgeDetails, BridgeLeg } from './bridge-types';

const STEP_STATUS: Record<BridgeLeg['status'], TrackerStepStatus> = { waiting: 'waiting', pending: 'active', success: 'done', failure: 'failed' };
const STATUS_NOTE: Record<BridgeLeg['status'], string> = { waiting: 'Not yet', pending: 'Under way', success: 'Done', failure: 'Failed' };
/** The steps each kind of leg lends its transaction to. */
const LEG_STEP: Partial<Record<BridgeLeg['kind'], TrackerStep['id']>> = { deposit: 'deposit', fill: 'filled', refund: 'refunded' };

function link(leg: BridgeLeg): Pick<TrackerStep, 'txHash' | 'explorerUrl'> {
  if (!leg.txHash) return {};
  const url = leg.url ?? (CHAINS[leg.chain as ChainId] ? explorerTxUrl(leg.chain as ChainId, leg.txHash) : undefined);
  return { txHash: leg.txHash, explorerUrl: url };
}

function legNote(leg: BridgeLeg, details: BridgeDetails): string {
  const coin = legCoin(details, leg.chain, leg.token);
  const amount = leg.amount !== null && coin ? `: ${coinAmount(leg.amount, leg.chain, coin).text}` : '';
  return `${STATUS_NOTE[leg.status]}${amount}`;
}

function legStep(leg: BridgeLeg, index: number, details: BridgeDetails): TrackerStep {
  const label = leg.kind === 'approve'
    ? `Approve ${requestCoins(details).in?.symbol ?? 'the token'}`
    : `Swap on ${chainName(leg.chain)}`;
  return { id: leg.kind === 'approve' ? 'approve' : `swap-${index}`, label, status: STEP_STATUS[leg.status], note: legNote(leg, details), ...link(leg) };
}

export function withLegs(steps: readonly TrackerStep[], details: BridgeDetails | undefined): TrackerStep[] {
  const legs = details?.legs ?? [];
  if (!details || legs.length === 0) return [...steps];
  const own = (kind: BridgeLeg['kind'], where: (leg: BridgeLeg) => boolean = () => true) =>
    legs.flatMap((leg, index) => (leg.kind === kind && where(leg) ? [legStep(leg, index, details)] : []));
  const approvals = own('approve');
  // A swap on the source chain comes before the fill; one on the destination is the fill's own way to pay.
  const swapsBefore = own('swap', (leg) => leg.chain === details.sourceChain);
  const swapsAfter = own('swap', (leg) => leg.chain !== details.sourceChain);

  return steps.flatMap((step) => {
    const leg = legs.find((candidate) => LEG_STEP[candidate.kind] === step.id && candidate.txHash);
    const shown = !step.txHash && leg ? { ...step, ...link(leg) } : step;
    if (step.id === 'deposit') return [...approvals, shown];
    if (step.id === 'pending') return [...swapsBefore, shown, ...swapsAfter];
    return [shown];
  });
}
