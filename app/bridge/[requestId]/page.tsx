import type { Metadata } from 'next';
import Link from 'next/link';
import { BridgeTracker } from '@/components/bridge/bridge-tracker';
import { isBridgeRequestId, isDepositTxHash } from '@/components/bridge/lib/bridge-links';

interface TrackerPageProps {
  params: Promise<{ requestId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export const metadata: Metadata = { title: 'Bridge tracker' };

export default async function BridgeTrackerPage({ params, searchParams }: TrackerPageProps) {
  const requestId = decodeURIComponent((await params).requestId);
  const tx = (await searchParams).tx;
  if (!isBridgeRequestId(requestId)) {
    return (
      <main className="page swap-page">
        <section className="swap-card" aria-label="Bridge tracker">
          <h1>Bridge</h1>
          <p role="alert" className="error quote-error">
            This link names no bridge request: a request id has letters, digits and . _ ~ - only.
          </p>
          <Link href="/bridge" prefetch={false} className="secondary-button center">
            New bridge
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main className="page swap-page">
      {/* A new request id is a new tracker, not the last one's state carried over. */}
      <BridgeTracker key={requestId} requestId={requestId} depositTxHash={typeof tx === 'string' && isDepositTxHash(tx) ? tx : undefined} />
    </main>
  );
}
