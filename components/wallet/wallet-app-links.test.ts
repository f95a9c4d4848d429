import { describe, expect, it } from 'vitest';
import { metaMaskBrowseLink, phantomBrowseLink } from './wallet-app-links';

describe('wallet app links', () => {
  it("open the page in MetaMask's browser: host, path and query without the scheme", () => {
    expect(metaMaskBrowseLink('https://swap.example/token/BASE/0xabc?x=1')).toBe('https://link.metamask.io/dapp/swap.example/token/BASE/0xabc?x=1');
    expect(metaMaskBrowseLink('http://192.168.1.20:3000/')).toBe('https://link.metamask.io/dapp/192.168.1.20:3000/');
  });

  it("open the page in Phantom's browser: the page and its origin, each URL-encoded", () => {
    expect(phantomBrowseLink('https://swap.example/bridge?from=SOL')).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fswap.example%2Fbridge%3Ffrom%3DSOL?ref=https%3A%2F%2Fswap.example',
    );
  });
});
