import type { Metadata } from 'next';
import { BridgeCard } from '@/components/bridge/bridge-card';
import { BridgeHistory } from '@/components/bridge/bridge-history';

export const metadata: Metadata = { title: 'Bridge' };

export default function BridgePage() {
  return (
    <main className="page swap-page">
      <BridgeCard />
      <BridgeHistory />
    </main>
  );
}
