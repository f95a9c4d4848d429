'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { WalletButton } from '@/components/wallet/wallet-button';
import { TokenSearch } from './token-search';

const LINKS = [
  { href: '/', label: 'Swap' },
  { href: '/bridge', label: 'Bridge' },
  { href: '/status', label: 'Status' },
  { href: '/docs', label: 'Docs' },
] as const;

/** A section's link stays marked on its sub-pages (a bridge's tracker is part of Bridge). */
function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || (href !== '/' && pathname.startsWith(`${href}/`));
}

export function SiteHeader() {
  const pathname = usePathname();
  return (
    <header className="topbar">
      <Link href="/" className="brand" prefetch={false}>
        Swap&amp;Bridge
      </Link>
      <nav aria-label="Main">
        {LINKS.map((link) => (
          // Every page renders per request (session cookie, wallet state): prefetching them would render
          // pages nobody asked for, and aborted prefetches show up as failed requests.
          <Link key={link.href} href={link.href} prefetch={false} aria-current={isCurrent(pathname, link.href) ? 'page' : undefined}>
            {link.label}
          </Link>
        ))}
      </nav>
      <TokenSearch />
      <div className="topbar-end">
        <WalletButton />
      </div>
    </header>
  );
}
