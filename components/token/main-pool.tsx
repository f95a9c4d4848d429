'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { familyOf, isEvmAddress, onFamily } from '@/components/wallet/chain-family';
import type { ChainId, EvmChainId } from '@/server/chains/registry';
import { MARKET_NAMES as VENUES, NOT_POOL_CONTRACTS as NOT_POOLS } from '@/server/venues/venue-names';
import { formatPercent, formatUsdTotal } from '@/server/display/number-text';
import { retryTransient } from './lib/retry';
import { explorerAddressUrl } from './lib/token-links';
import type { TokenInfo } from './lib/types';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type PoolInfo = NonNullable<inferRouterOutputs<AppRouter>['v1']['poolInfo']['poolInfo']>;

/**
 * The pool's address when token-info carries one. The documented token-info pool has none, so the pool's
 * own details (fee, contract) show only once the server adds it; until then the panel says what it knows.
 */
function poolAddressOf(pool: TokenInfo['poolInfo']): string | undefined {
  const address = 'address' in pool ? pool.address : undefined;
  return typeof address === 'string' && isEvmAddress(address) ? address : undefined;
}

/** pool-info reads EVM pool contracts only. */
function poolInfoInput(chain: ChainId, pool: string) {
  return onFamily<{ pool: string; chain: EvmChainId } | typeof skipToken>(chain, { evm: (evmChain) => ({ pool, chain: evmChain }), solana: () => skipToken });
}

function ExplorerLink({ chain, address }: { chain: ChainId; address: string }) {
  return (
    <a href={explorerAddressUrl(chain, address)} target="_blank" rel="noreferrer noopener" className="mono">
      {shortAddress(address)} ↗
    </a>
  );
}

/** What pool-info adds of the pool contract: its fee, pair, factory and creation day. */
function PoolContractDetails({ chain, info }: { chain: ChainId; info: PoolInfo }) {
  return (
    <>
      <div className="stat">
        <dt>Fee</dt>
        <dd data-testid="pool-fee">{formatPercent(info.realFee, 4)}</dd>
      </div>
      <div className="stat">
        <dt>Pair</dt>
        <dd>
          {info.token.symbol} / {info.quote.symbol}
        </dd>
      </div>
      {isEvmAddress(info.factory) && (
        <div className="stat">
          <dt>Factory</dt>
          <dd>
            <ExplorerLink chain={chain} address={info.factory} />
          </dd>
        </div>
      )}
      {info.createdAt > 0 && (
        <div className="stat">
          <dt>Created</dt>
          <dd>{new Date(info.createdAt * 1000).toISOString().slice(0, 10)}</dd>
        </div>
      )}
    </>
  );
}

/** The token's deepest pool: its venue and size from token-info, and fee and contract from pool-info. */
export function MainPool({ chain, pool }: { chain: ChainId; pool: TokenInfo['poolInfo'] }) {
  const trpc = useTRPC();
  const address = poolAddressOf(pool);
  const details = useQuery(
    trpc.v1.poolInfo.queryOptions(address && !NOT_POOLS.has(pool.type) ? poolInfoInput(chain, address) : skipToken, {
      retry: retryTransient,
      staleTime: 30_000,
    }),
  );
  const info = details.data?.poolInfo;

  return (
    <section className="card token-card" aria-label="Main pool">
      <h2>Main pool</h2>
      {pool.type === 'NONE' ? (
        <p className="muted">No pool was found for this token.</p>
      ) : (
        <dl className="stats">
          <div className="stat">
            <dt>Type</dt>
            <dd data-testid="pool-type">{VENUES[pool.type] ?? pool.type}</dd>
          </div>
          {/* token-info names the venue; it often reads the same as the type and is then left out. */}
          {pool.factory !== (VENUES[pool.type] ?? pool.type) && (
            <div className="stat">
              <dt>Venue</dt>
              <dd data-testid="pool-factory">{pool.factory}</dd>
            </div>
          )}
          <div className="stat">
            <dt>{familyOf(chain).liquidityLabel}</dt>
            <dd>{formatUsdTotal(info?.liquidity ?? pool.liquidity)}</dd>
          </div>
          {address && (
            <div className="stat">
              <dt>{NOT_POOLS.has(pool.type) ? 'Contract' : 'Pool'}</dt>
              <dd>
                <ExplorerLink chain={chain} address={address} />
              </dd>
            </div>
          )}
          {info && <PoolContractDetails chain={chain} info={info} />}
        </dl>
      )}
      {details.isLoading && (
        <p role="status" className="muted small">
          Reading the pool…
        </p>
      )}
      {details.error && (
        <p role="alert" className="error small">
          Pool details unavailable: {describeError(details.error)}
        </p>
      )}
    </section>
  );
}
