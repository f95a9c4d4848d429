import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { cookieToInitialState } from 'wagmi';
import { SiteHeader } from '@/components/layout/site-header';
import { AppProviders } from '@/components/providers/app-providers';
import { getWagmiConfig } from '@/components/providers/wagmi-config';
import { runsOnLocalWorld } from '@/server/config/runs-on-local-world';
import './globals.css';

export const metadata: Metadata = {
  title: 'Swap and bridge',
  description: 'Token swaps on 14 EVM chains and Solana, token data, and cross-chain bridging.',
  icons: { icon: '/favicon.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The wallet cookie (address and chain only) lets the server render what the browser will show.
  const wagmiState = cookieToInitialState(getWagmiConfig(), (await headers()).get('cookie'));
  return (
    <html lang="en">
      <body>
        {/* The first stop of the keyboard: past the header's links, search and wallet to the page itself. */}
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AppProviders wagmiState={wagmiState} localWorld={runsOnLocalWorld()}>
          <SiteHeader />
          {/* Each page renders its own <main>; this target takes focus so the next Tab starts inside it. */}
          <div id="main" tabIndex={-1} className="main-target">
            {children}
          </div>
        </AppProviders>
      </body>
    </html>
  );
}
