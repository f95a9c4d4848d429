import type { Metadata } from 'next';
import { TransactionDetails } from '@/components/tx/transaction-details';
import { parseChain } from '@/components/token/lib/token-links';
import { isTransactionHashOn } from '@/server/chains/transaction-hash';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, CHAIN_IDS } from '@/server/chains/registry';

interface TransactionPageProps {
  params: Promise<{ chain: string; hash: string }>;
}

export async function generateMetadata({ params }: TransactionPageProps): Promise<Metadata> {
  const { chain, hash } = await params;
  return { title: `Transaction ${decodeURIComponent(hash).slice(0, 10)}… on ${parseChain(decodeURIComponent(chain)) ?? chain}` };
}

/**
 * A transaction read from its chain: where the local world's links go, since no public explorer knows its
 * transactions (server/chains/explorer-links.ts). Any chain the server reaches can be shown.
 */
export default async function TransactionPage({ params }: TransactionPageProps) {
  const { chain: chainText, hash: rawHash } = await params;
  const hash = decodeURIComponent(rawHash).trim();
  const chain = parseChain(decodeURIComponent(chainText));
  return (
    <main className="page tx-page">
      <h1>Transaction</h1>
      {!chain ? (
        <p role="alert" className="card">
          There is no chain called “{decodeURIComponent(chainText)}”. Chains: {CHAIN_IDS.join(', ')}.
        </p>
      ) : !isTransactionHashOn(chain, hash) ? (
        <p role="alert" className="card">
          “{hash}” is not a transaction hash on {CHAINS[chain].name}
          {` (${familyOf(chain).transactionHashShape}).`}
        </p>
      ) : (
        <TransactionDetails chain={chain} hash={hash} />
      )}
    </main>
  );
}
