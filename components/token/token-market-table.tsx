import Link from 'next/link';
import { TokenIcon } from '@/components/swap/token-icon';
import type { ChainId } from '@/server/chains/registry';
import { formatPercentChange, formatPrice, formatUsdTotal } from '@/server/display/number-text';
import { tokenPageHref } from './lib/token-links';

export interface TokenMarketRow {
  address: string;
  symbol: string;
  name: string;
  priceUsd: number;
  liquidityUsd: number;
  change24h: number | null;
}

function Change({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="muted">–</span>;
  const text = formatPercentChange(percent);
  const tone = text.startsWith('+') ? 'change-up' : text.startsWith('-') ? 'change-down' : 'muted';
  return <span className={tone}>{text}</span>;
}

/** A chain's tokens with price, 24 h change and liquidity; each row opens the token's page. */
export function TokenMarketTable({ chain, tokens }: { chain: ChainId; tokens: readonly TokenMarketRow[] }) {
  return (
    <table className="token-table">
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col" className="number">
            Price
          </th>
          <th scope="col" className="number">
            24 h
          </th>
          <th scope="col" className="number hide-narrow">
            Liquidity
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.address} data-token={token.symbol}>
            <td>
              <Link href={tokenPageHref(chain, token.address)} prefetch={false}>
                <TokenIcon symbol={token.symbol} address={token.address} size={24} />
                {token.symbol} <span className="muted small hide-narrow">{token.name}</span>
              </Link>
            </td>
            <td className="number" data-testid="token-price">
              {token.priceUsd > 0 ? formatPrice(token.priceUsd) : '–'}
            </td>
            <td className="number" data-testid="token-change">
              <Change percent={token.change24h} />
            </td>
            <td className="number hide-narrow">{token.liquidityUsd > 0 ? formatUsdTotal(token.liquidityUsd) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
