import { readSwapLink } from '@/components/token/lib/token-links';
import { SwapCard } from '@/components/swap/swap-card';
import { TradeHistory } from '@/components/swap/trade-history';

export default async function SwapPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const link = readSwapLink(await searchParams);
  return (
    <main className="page swap-page">
      {/* A new link (chain or token) opens a fresh form rather than one half-way through another trade. */}
      <SwapCard key={`${link.chain ?? ''}:${link.tokenOut ?? ''}`} initialChain={link.chain} linkedTokenOut={link.tokenOut} />
      <TradeHistory />
    </main>
  );
}
