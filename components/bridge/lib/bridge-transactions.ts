/**
 * A request's transactions, each once, joined from the status's `details.legs` and its own hash fields (a
 * status without legs, or a deposit the wallet reported before the server saw it): the approval, the
 * deposit (which also makes the source chain's swap, when the route has one), the fill (a transfer, or the
 * destination swap that pays the recipient) and the refund. A swap leg on the source chain is no
 * transaction of its own: the source swap is made by the deposit transaction, and such a leg lends the
 * deposit only the venue it names.
 */
import { CHAINS, explorerTxUrl, type ChainId } from '@/server/chains/registry';
import type { BridgeLeg, BridgeStatus } from './bridge-types';

export interface RequestTransaction {
  chain: string;
  txHash?: string;
  explorerUrl?: string;
  /** The state its leg reports; undefined when no leg lists it. */
  status?: BridgeLeg['status'];
  /** Raw units of `token`, as its leg reports them. */
  amount?: string;
  token?: string;
  /** The venue a swap went through, when its leg names one. */
  venue?: string;
}

export interface RequestTransactions {
  approve?: RequestTransaction;
  deposit: RequestTransaction;
  fill: RequestTransaction;
  refund: RequestTransaction;
}

/** A leg as the status may send it: a leg may also name the venue its swap went through. */
type ReportedLeg = BridgeLeg & { venue?: unknown };

/** A hash the status answer gives outside the legs, with its link when it gives one. */
type KnownHash = [hash: string | null | undefined, url?: string | null];

function explorerUrl(chain: string, hash: string): string | undefined {
  return CHAINS[chain as ChainId] ? explorerTxUrl(chain as ChainId, hash) : undefined;
}

/** The transaction of one leg, its hash (and link) from the leg or else the first of the answer's own hashes. */
function transaction(chain: string, leg: ReportedLeg | undefined, known: KnownHash[], venue = venueOf(leg)): RequestTransaction {
  const [hash, url] = leg?.txHash ? [leg.txHash, leg.url] : (known.find(([candidate]) => !!candidate) ?? []);
  return {
    chain,
    ...(hash ? { txHash: hash, explorerUrl: url ?? explorerUrl(chain, hash) } : {}),
    ...(leg ? { status: leg.status } : {}),
    ...(leg?.amount ? { amount: leg.amount } : {}),
    ...(leg?.token ? { token: leg.token } : {}),
    ...(venue ? { venue } : {}),
  };
}

function venueOf(leg: ReportedLeg | undefined): string | undefined {
  return typeof leg?.venue === 'string' && leg.venue !== '' ? leg.venue : undefined;
}

export function requestTransactions(status: BridgeStatus, sentTxHash?: string): RequestTransactions {
  const details = status.details;
  const legs: ReportedLeg[] = details?.legs ?? [];
  const source = details?.sourceChain ?? '';
  const destination = details?.destinationChain ?? '';
  const approve = legs.find((leg) => leg.kind === 'approve');
  const deposit = legs.find((leg) => leg.kind === 'deposit');
  const sourceSwap = legs.find((leg) => leg.kind === 'swap' && leg.chain === source);
  // A destination swap is the fill: the solver pays the recipient through it.
  const fill = legs.find((leg) => leg.kind === 'fill' || (leg.kind === 'swap' && leg.chain === destination));
  return {
    ...(approve ? { approve: transaction(source, approve, []) } : {}),
    deposit: transaction(
      source,
      deposit,
      [[details?.depositTxHash, details?.depositUrl], [status.inTxHashes?.[0]], [sentTxHash]],
      venueOf(sourceSwap) ?? venueOf(deposit),
    ),
    fill: transaction(destination, fill, [[details?.fillTxHash, details?.fillUrl], [status.txHashes?.[0]]]),
    refund: transaction(
      source,
      legs.find((leg) => leg.kind === 'refund'),
      [[details?.refundTxHash, details?.refundUrl], [status.refundDetails?.txHash]],
    ),
  };
}
