import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { formatPercentText } from '@/components/swap/lib/format';
import { formatNativePrice, formatPrice, formatUsdTotal } from '@/server/display/number-text';
import { formatTax, TAX_WARNING_ABOVE_PERCENT } from './lib/risk';
import type { TokenAudit, TokenInfo } from './lib/types';
import { SolanaMintPanel } from './solana-mint-panel';
import { Row } from './stat-row';

/**
 * Price and size of the market (a launch token's bonding curve and how far it is to graduation while it is
 * on one), then what trading the token costs and where its supply sits. Solana mints
 * have no buy or sell tax, burn address or DEX listing fee: their second card shows the mint's own facts.
 */
export function MarketPanel({ chain, info, audit }: { chain: ChainId; info: TokenInfo; audit?: TokenAudit }) {
  const { poolInfo: pool, misc } = info;
  const hasPool = pool.type !== 'NONE';
  const family = familyOf(chain);
  const curve = info.launchpad && !info.launchpad.graduated ? info.launchpad : undefined;
  const taxTone = (tax: number) => (tax > TAX_WARNING_ABOVE_PERCENT ? 'warn' : undefined);
  return (
    <div className="token-grid">
      <section className="card token-card" aria-label="Market">
        <h2>Market</h2>
        <dl className="stats">
          <Row label="Price" testId="price-usd" value={hasPool ? formatPrice(pool.priceUsd) : '–'} />
          <Row
            label={`Price in ${CHAINS[chain].nativeSymbol}`}
            testId="price-native"
            value={hasPool ? formatNativePrice(pool.priceNative, CHAINS[chain].nativeSymbol) : '–'}
          />
          <Row label={family.liquidityLabel} testId="liquidity" value={formatUsdTotal(pool.liquidity)} />
          <Row label="Market cap" testId="market-cap" value={formatUsdTotal(pool.marketCap)} />
          {curve && <Row label="Curve progress" testId="curve-progress" value={`${Number(curve.progress.toFixed(2))} %`} />}
        </dl>
        {curve && (
          <p className="muted small">
            On the launchpad&apos;s bonding curve: the curve prices the token and holds its liquidity until it has raised what it needs to graduate (100 %),
            when the token moves to a Uniswap V2 pool.
          </p>
        )}
        {!hasPool && <p className="muted small">No pool trades this token, so it has no price.</p>}
        {family.liquidityNote && hasPool && <p className="muted small">{family.liquidityNote}</p>}
      </section>
      {family.tokenFacts === 'mint' ? (
        <SolanaMintPanel decimals={info.tokenInfo.token.decimals} audit={audit} />
      ) : (
        <section className="card token-card" aria-label="Taxes and supply">
          <h2>Taxes and supply</h2>
          <dl className="stats">
            <Row label="Buy tax" testId="buy-tax" value={formatTax(misc.buyTax)} tone={taxTone(misc.buyTax)} />
            <Row label="Sell tax" testId="sell-tax" value={formatTax(misc.sellTax)} tone={taxTone(misc.sellTax)} />
            <Row label="Burnt" testId="burnt" value={formatPercentText(misc.burnt)} />
            <Row label="Clogged" testId="clogged" value={formatPercentText(misc.clogged)} />
            <Row label="DEX listing paid" testId="dex-paid" value={misc.dexPaid} />
          </dl>
          <p className="muted small">
            Taxes are measured by simulating a buy and a sale. Burnt: supply at burn addresses; clogged: supply held by the token contract itself.
          </p>
        </section>
      )}
    </div>
  );
}
