import Link from 'next/link';
import { TokenIcon } from '@/components/swap/token-icon';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { CopyButton } from './copy-button';
import { explorerAddressUrl, tradeHref } from './lib/token-links';
import type { TokenInfo } from './lib/types';

/**
 * Who the token is: symbol, name, chain, address (copy, explorer) and the way to trade it, unless the audit
 * found it cannot be sold back: a page that tells people not to buy a token offers no button to buy it.
 * The chain and address come from the URL, so they show while the token is still loading or could not be read.
 */
export function TokenHeader({
  chain,
  address,
  token,
  unsellable,
}: {
  chain: ChainId;
  address: string;
  token?: TokenInfo['tokenInfo']['token'];
  unsellable?: boolean;
}) {
  const chainInfo = CHAINS[chain];
  return (
    <header className="token-header">
      <TokenIcon symbol={token?.symbol ?? '?'} address={address} size={48} />
      <div className="token-header-text">
        <h1>
          {token ? token.symbol : 'Token'}
          {token && <span className="token-header-name">{token.name}</span>}
        </h1>
        <p className="token-header-meta">
          <span className="pill chain-pill" data-testid="token-chain">
            {chainInfo.name}
          </span>
          <code className="token-address" data-testid="token-address">
            {address}
          </code>
          <CopyButton text={address} label="Copy token address" />
          <a href={explorerAddressUrl(chain, address)} target="_blank" rel="noreferrer noopener">
            Explorer ↗
          </a>
        </p>
      </div>
      {token && !unsellable && (
        // prefetch off: the swap page renders per request (session cookie, wallet state).
        <Link className="trade-button" href={tradeHref(chain, token.address)} prefetch={false}>
          Trade
        </Link>
      )}
    </header>
  );
}
