/**
 * Links that open a page inside a wallet app's own browser, where the wallet is injected: the way to connect
 * from a phone, whose ordinary browser has no wallet extension. Formats as the wallets document them:
 * - MetaMask: `https://link.metamask.io/dapp/{dappUrl}`, the page's address without its scheme, not encoded
 *   (docs.metamask.io, "Use deeplinks"; the older metamask.app.link host redirects there). MetaMask opens it
 *   over https: a plain-http page (the local world on a LAN address) has to be reached over https for this.
 * - Phantom: `https://phantom.app/ul/browse/<url>?ref=<ref>`, the page and the requesting app's origin, each
 *   URL-encoded (docs.phantom.com, "Browse" deeplink).
 */

export function metaMaskBrowseLink(pageUrl: string): string {
  const { host, pathname, search, hash } = new URL(pageUrl);
  return `https://link.metamask.io/dapp/${host}${pathname}${search}${hash}`;
}

export function phantomBrowseLink(pageUrl: string): string {
  return `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(new URL(pageUrl).origin)}`;
}
