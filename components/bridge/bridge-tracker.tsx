'use client';

import Link from 'next/link';
import { useNow } from '@/components/swap/hooks/use-now';
import { appCodeOf, describeError } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { explorerAddressUrl } from '@/components/token/lib/token-links';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { BridgeSteps } from './bridge-steps';
import { useBridgeStatus } from './hooks/use-bridge-status';
import { chainName, coinAmount, requestCoins, sourceAmounts } from './lib/bridge-amounts';
import { HEADLINE_TEXT, trackerHeadline, type TrackerHeadline } from './lib/bridge-progress';
import { routeSummary } from './lib/bridge-route';
import type { BridgeDetails } from './lib/bridge-types';
import { formatDuration } from './lib/format-duration';
import { trackerSteps } from './lib/tracker-steps';

const HEADLINE_PILL: Record<TrackerHeadline, string> = {
  waiting: 'pending',
  confirming: 'pending',
  filling: 'pending',
  delayed: 'pending',
  success: 'ok',
  refunding: 'pending',
  refund: 'down',
  failure: 'down',
};

const NOT_FOUND = new Set(['QUOTE_NOT_FOUND', 'NOT_FOUND']);

/**
 * One bridge request, live: its route in a sentence, each leg as a step (the swap on either chain with its
 * venue, the bridge) with its transaction, and the refund when there is one; what was quoted against what
 * was paid, and why it was refunded when it was.
 */
export function BridgeTracker({ requestId, depositTxHash }: { requestId: string; depositTxHash?: string }) {
  const { status, track } = useBridgeStatus(requestId, depositTxHash);
  const now = useNow();
  const data = status.data;

  if (!data) {
    return (
      <section className="swap-card bridge-tracker" aria-label="Bridge tracker" aria-busy={status.isLoading}>
        <div className="swap-card-head">
          <h1>Bridge</h1>
        </div>
        {status.isLoading && <p className="muted">Loading the bridge request…</p>}
        {status.error && (
          <p role="alert" className="error quote-error">
            {NOT_FOUND.has(appCodeOf(status.error) ?? '')
              ? `This server has no bridge request ${shortAddress(requestId)}. Check the link, or start a new bridge.`
              : describeError(status.error)}
          </p>
        )}
        <Link href="/bridge" prefetch={false} className="secondary-button center">
          New bridge
        </Link>
      </section>
    );
  }

  const details = data.details;
  const headline = trackerHeadline(data, depositTxHash);
  const steps = trackerSteps(data, depositTxHash, now);
  return (
    <section className="swap-card bridge-tracker" aria-label="Bridge tracker" data-status={data.status} data-state={details?.state ?? ''}>
      <div className="swap-card-head">
        <h1>{details ? `${chainName(details.sourceChain)} → ${chainName(details.destinationChain)}` : 'Bridge'}</h1>
        <span className={`pill ${HEADLINE_PILL[headline]}`} data-testid="bridge-headline" role="status">
          {HEADLINE_TEXT[headline]}
        </span>
      </div>
      {details && (
        <p className="small muted route-summary" data-testid="route-summary">
          {routeSummary(details)}
        </p>
      )}

      <BridgeSteps steps={steps} />

      {details?.reason && (headline === 'refunding' || headline === 'refund' || headline === 'failure') && (
        <p role="alert" className="warn quote-error" data-testid="bridge-reason">
          {details.reason}
        </p>
      )}
      {track.error && (
        <p role="alert" className="error small">
          The deposit could not be recorded yet: {describeError(track.error)} The tracker keeps looking for it on chain.
        </p>
      )}
      {status.error && <p className="warn small">The status could not be refreshed ({describeError(status.error)}); trying again.</p>}
      {data.fetchFailed && <p className="warn small">The bridge&apos;s status could not be read just now; trying again.</p>}

      {details && <BridgeFacts details={details} headline={headline} now={now} refundAmount={data.refundDetails?.amount} />}

      <p className="small muted tracker-id">
        Request <span className="mono">{requestId}</span>
      </p>
      <Link href="/bridge" prefetch={false} className="secondary-button center">
        New bridge
      </Link>
    </section>
  );
}

function BridgeFacts({ details, headline, now, refundAmount }: { details: BridgeDetails; headline: TrackerHeadline; now: number; refundAmount?: string }) {
  const { sent, deposited, refund } = sourceAmounts(details, refundAmount);
  const paidAmount = (raw: string | bigint) => coinAmount(raw, details.destinationChain, requestCoins(details).out);
  const quoted = paidAmount(details.amountOut);
  const paid = details.paidAmount ? paidAmount(details.paidAmount) : undefined;
  const shortfall = details.paidAmount ? BigInt(details.amountOut) - BigInt(details.paidAmount) : 0n;
  const due = details.depositedAt ? details.depositedAt + details.estimatedTime * 1_000 : undefined;

  return (
    <dl className="bridge-facts">
      <div>
        <dt>Sent</dt>
        <dd data-testid="sent-amount" title={sent.exact}>
          {sent.text}
        </dd>
      </div>
      {deposited && (
        <div>
          <dt>Deposited</dt>
          <dd data-testid="deposited-amount" title={deposited.exact}>
            {deposited.text}
          </dd>
        </div>
      )}
      <div>
        <dt>Quoted</dt>
        <dd data-testid="quoted-amount" title={quoted.exact}>
          {quoted.text}
        </dd>
      </div>
      <div>
        <dt>Received</dt>
        <dd data-testid="paid-amount" title={paid?.exact}>
          {paid ? paid.text : headline === 'success' ? '…' : '–'}
          {paid && shortfall !== 0n && (
            <span className="warn small">
              {' '}
              ({paidAmount(shortfall > 0n ? shortfall : -shortfall).text} {shortfall > 0n ? 'less' : 'more'} than quoted)
            </span>
          )}
        </dd>
      </div>
      {refund && (
        <div>
          <dt>Refund</dt>
          <dd title={refund.exact}>{refund.text}</dd>
        </div>
      )}
      <div>
        <dt>Recipient</dt>
        <dd>
          <AddressLink chain={details.destinationChain} address={details.recipient} />
        </dd>
      </div>
      <div>
        <dt>From</dt>
        <dd>
          <AddressLink chain={details.sourceChain} address={details.trader} />
        </dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd data-testid="bridge-time">
          {details.filledAt && details.depositedAt
            ? `Filled ${formatDuration(details.filledAt - details.depositedAt)} after the deposit confirmed`
            : due && (headline === 'filling' || headline === 'delayed')
              ? due > now
                ? `Expected in about ${formatDuration(due - now)}`
                : `Expected ${formatDuration(now - due)} ago`
              : `About ${formatDuration(details.estimatedTime * 1_000)} once the deposit confirms`}
        </dd>
      </div>
    </dl>
  );
}

function AddressLink({ chain, address }: { chain: string; address: string }) {
  const known = CHAINS[chain as ChainId];
  if (!known) return <span className="mono">{shortAddress(address)}</span>;
  return (
    <a className="mono" href={explorerAddressUrl(chain as ChainId, address)} target="_blank" rel="noreferrer" title={address}>
      {shortAddress(address)} ↗
    </a>
  );
}
