'use client';

import { useMounted } from './use-mounted';
import { metaMaskBrowseLink, phantomBrowseLink } from './wallet-app-links';

const BROWSE_LINK = { MetaMask: metaMaskBrowseLink, Phantom: phantomBrowseLink } as const;

/**
 * Where the browser has no wallet of a family (a phone's own browser has none): open this very page in the
 * wallet app's browser, which has. After hydration only, as the page's address is the browser's to know.
 */
export function OpenInWalletApp({ wallet }: { wallet: keyof typeof BROWSE_LINK }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <a className="wallet-option" href={BROWSE_LINK[wallet](window.location.href)} rel="noreferrer">
      <span className="wallet-option-icon" aria-hidden="true" />
      Open in {wallet}
    </a>
  );
}
