'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useSelectedChain } from '@/components/layout/selected-chain';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { CHAINS, CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { retryTransient } from './lib/retry';
import { tokenPageHref } from './lib/token-links';
import { useTokenSearch } from './hooks/use-token-search';
import { chainForInput, DEFAULT_SEARCH_CHAIN } from './lib/token-search';
import { RecentlyViewed } from './recently-viewed';
import { TokenMarketTable } from './token-market-table';

/** The chain's listed tokens, and those of them the search text matches (by symbol, name or address). */
function useListedTokens(chain: ChainId, text: string) {
  const trpc = useTRPC();
  const markets = useQuery(trpc.tokens.markets.queryOptions({ chain }, { retry: retryTransient, staleTime: 30_000 }));
  const wanted = text.trim().toLowerCase();
  const shown = (markets.data?.tokens ?? []).filter(
    (token) => !wanted || token.symbol.toLowerCase().includes(wanted) || token.name.toLowerCase().includes(wanted) || token.address.toLowerCase() === wanted,
  );
  return { markets, wanted, shown };
}

/** The chain's listed tokens that match, or why there are none to show. */
function ListedTokens({ chain, listing }: { chain: ChainId; listing: ReturnType<typeof useListedTokens> }) {
  const { markets, wanted, shown } = listing;
  return (
    <section className="card token-card" aria-label={`Tokens on ${CHAINS[chain].name}`}>
      <h2>Tokens on {CHAINS[chain].name}</h2>
      {markets.isLoading && (
        <p role="status" className="muted">
          Reading prices from the chain…
        </p>
      )}
      {markets.error && (
        <p role="alert" className="error">
          The tokens could not be read: {describeError(markets.error)}
        </p>
      )}
      {markets.data && shown.length === 0 && (
        <p className="muted">{wanted ? 'No listed token matches. Paste its address and press Open.' : `No tokens are listed on ${CHAINS[chain].name}.`}</p>
      )}
      {shown.length > 0 && <TokenMarketTable chain={chain} tokens={shown} />}
    </section>
  );
}

/**
 * `/token`: find a token (symbol, name or address; the list below filters as you type), the chosen chain's
 * listed tokens with price, 24 h change (from their own trades) and liquidity, and the tokens this browser
 * viewed recently.
 */
export function TokenLanding() {
  const router = useRouter();
  const search = useTokenSearch();
  const { chain: swapChain } = useSelectedChain();
  const [chain, setChain] = useState<ChainId>(swapChain ?? DEFAULT_SEARCH_CHAIN);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const listing = useListedTokens(chain, text);
  const { wanted, shown } = listing;

  // React does not await a handler; the search answers a failure as a problem to show, so this never rejects.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A filter that leaves one listed token opens it.
    if (wanted && shown.length === 1) {
      router.push(tokenPageHref(chain, shown[0]!.address));
      return;
    }
    const outcome = await search(text, chain);
    if (outcome.kind === 'token') router.push(tokenPageHref(outcome.chain, outcome.address));
    else if (outcome.kind === 'problem') setProblem(outcome.message);
  };

  return (
    <div className="token-landing">
      <h1>Tokens</h1>
      <form role="search" aria-label="Find a token" className="token-landing-search" onSubmit={(event) => void onSubmit(event)}>
        <select
          aria-label="Chain"
          value={chain}
          onChange={(event) => {
            setChain(event.target.value as ChainId);
            setProblem(undefined);
          }}
        >
          {CHAIN_IDS.map((id) => (
            <option key={id} value={id}>
              {CHAINS[id].name}
            </option>
          ))}
        </select>
        <input
          type="search"
          aria-label="Symbol, name or address"
          placeholder="Symbol, name or address"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(undefined);
            setChain((current) => chainForInput(event.target.value, current));
          }}
        />
        <button type="submit" className="open-button">
          Open
        </button>
      </form>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}

      <RecentlyViewed />

      <ListedTokens chain={chain} listing={listing} />
    </div>
  );
}
