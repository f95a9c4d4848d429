'use client';

import Link from 'next/link';
import { TokenIcon } from '@/components/swap/token-icon';
import { CHAINS } from '@/server/chains/registry';
import { tokenPageHref } from './lib/token-links';
import { useRecentTokens } from './use-recent-tokens';

/** The tokens this browser viewed recently (nothing until it has viewed one). */
export function RecentlyViewed() {
  const recent = useRecentTokens();
  if (recent.length === 0) return null;
  return (
    <section className="card token-card" aria-label="Recently viewed">
      <h2>Recently viewed</h2>
      <ul className="recent-tokens">
        {recent.map((token) => (
          <li key={`${token.chain}:${token.address}`}>
            <Link href={tokenPageHref(token.chain, token.address)} prefetch={false}>
              <TokenIcon symbol={token.symbol} address={token.address} size={20} />
              {token.symbol} <span className="muted small">{CHAINS[token.chain].name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
