import type { Metadata } from 'next';
import { FaucetCard } from '@/components/devnet/faucet-card';
import { ChainStatus } from '@/components/status/chain-status';

export const metadata: Metadata = { title: 'Status' };

export default function StatusPage() {
  return (
    <main className="page">
      <h1>Status</h1>
      <p className="muted">
        Token swaps on 14 EVM chains and Solana, token and pool data, wallet balances, and cross-chain bridging, for people through this app and for developers
        through the <a href="/docs">REST API</a>.
      </p>
      <FaucetCard />
      <ChainStatus />
    </main>
  );
}
