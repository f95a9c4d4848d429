'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeTokenRefusal } from '@/components/swap/lib/error-messages';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { retryTransient } from './lib/retry';
import { MainPool } from './main-pool';
import { MarketPanel } from './market-panel';
import { PriceChart } from './price-chart';
import { RiskBanners } from './risk-banners';
import { SafetyPanel } from './safety-panel';
import { TokenHeader } from './token-header';
import { useRememberToken } from './use-recent-tokens';

/**
 * A token's page: token-info (without its audit word) and the full audit are asked for at once, so the
 * market numbers show without waiting for the slower audit; the price chart once the token is known.
 */
export function TokenView({ chain, address }: { chain: ChainId; address: string }) {
  const trpc = useTRPC();
  const options = { retry: retryTransient, staleTime: 30_000 };
  const info = useQuery(trpc.v1.tokenInfo.queryOptions({ token: address, chain, audit: false }, options));
  const audit = useQuery(trpc.v1.tokenAudit.queryOptions({ token: address, chain }, options));
  const report = audit.data?.audit;
  const symbol = info.data?.tokenInfo.token.symbol;
  useRememberToken(symbol ? { chain, address, symbol } : undefined);
  const failed = report?.checks.filter((check) => check.status === 'fail').map((check) => check.id);

  return (
    <>
      <TokenHeader chain={chain} address={address} token={info.data?.tokenInfo.token} unsellable={report?.verdict === 'honeypot'} />
      {info.isLoading && (
        <p role="status" className="card muted">
          Reading the token from the chain…
        </p>
      )}
      {info.error && (
        <div role="alert" className="card token-error">
          <strong>This token could not be read.</strong> {describeTokenRefusal(info.error, CHAINS[chain].name)}
        </div>
      )}
      <RiskBanners buyTax={info.data?.misc.buyTax} sellTax={info.data?.misc.sellTax} verdict={report?.verdict} failedChecks={failed} />
      {info.data && <MarketPanel chain={chain} info={info.data} audit={report} />}
      {info.data && info.data.poolInfo.type !== 'NONE' && <PriceChart chain={chain} address={address} />}
      <div className="token-grid">
        {/* An address with no token has nothing to audit; the token error above already says why. */}
        {!info.error && <SafetyPanel audit={report} error={audit.error ?? undefined} loading={audit.isLoading} />}
        {info.data && <MainPool chain={chain} pool={info.data.poolInfo} />}
      </div>
    </>
  );
}
