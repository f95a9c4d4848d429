'use client';

import Link from 'next/link';
import { appCodeOf } from '@/components/swap/lib/error-messages';
import { useBridgeRequests } from './hooks/use-bridge-requests';
import { chainName, coinAmount, requestCoins } from './lib/bridge-amounts';
import { bridgeTrackerHref } from './lib/bridge-links';
import type { BridgeDetails } from './lib/bridge-types';

const time = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const STATE_TEXT: Record<BridgeDetails['state'], string> = {
  waiting: 'waiting',
  pending: 'filling',
  success: 'complete',
  refunding: 'refunding',
  refund: 'refunded',
  failure: 'failed',
};

const STATE_PILL: Record<BridgeDetails['state'], string> = {
  waiting: 'pending',
  pending: 'pending',
  success: 'ok',
  refunding: 'pending',
  refund: 'down',
  failure: 'down',
};

/** The connected wallets' bridges, as the server recorded them (so they survive a reload), each opening its tracker. */
export function BridgeHistory() {
  const { wallets, requests, isLoading, error } = useBridgeRequests();
  return (
    <section className="card history" aria-label="Bridge history">
      <h2>Your bridges</h2>
      {wallets.length === 0 && <p className="muted">Connect a wallet to see its bridges.</p>}
      {wallets.length > 0 && isLoading && requests.length === 0 && <p className="muted">Loading bridges…</p>}
      {error && (
        <p role="alert" className="error">
          {appCodeOf(error) === 'NOT_IMPLEMENTED' ? 'Bridge history is not available on this server yet.' : error.message}
        </p>
      )}
      {wallets.length > 0 && !isLoading && !error && requests.length === 0 && <p className="muted">No bridges yet.</p>}
      {requests.length > 0 && (
        <table className="history-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Route</th>
              <th>Sent</th>
              <th>Received</th>
              <th>Status</th>
              <th>
                <span className="sr-only">Tracker</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => {
              const coins = requestCoins(request);
              const received = coinAmount(request.paidAmount ?? request.amountOut, request.destinationChain, coins.out);
              return (
                <tr key={request.requestId} data-request-id={request.requestId} data-state={request.state}>
                  <td className="nowrap">{time.format(new Date(request.createdAt))}</td>
                  <td>
                    {chainName(request.sourceChain)} → {chainName(request.destinationChain)}
                  </td>
                  <td className="nowrap">{coinAmount(request.amountIn, request.sourceChain, coins.in).text}</td>
                  <td className="nowrap" title={request.paidAmount ? 'Paid' : 'Quoted'}>
                    {request.paidAmount || request.state === 'waiting' || request.state === 'pending' ? received.text : '–'}
                  </td>
                  <td>
                    <span className={`pill ${STATE_PILL[request.state]}`}>{STATE_TEXT[request.state]}</span>
                  </td>
                  <td className="nowrap">
                    <Link
                      href={bridgeTrackerHref(request.requestId)}
                      prefetch={false}
                      aria-label={`Track the bridge from ${chainName(request.sourceChain)} to ${chainName(request.destinationChain)} of ${time.format(new Date(request.createdAt))}`}
                    >
                      Track →
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
