'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { tokenPageHref } from '@/components/token/lib/token-links';
import { KNOWN_STALE_MS, useTokenSearch } from '@/components/token/hooks/use-token-search';
import { chainForInput, DEFAULT_SEARCH_CHAIN, suggestions } from '@/components/token/lib/token-search';
import { CHAINS, CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { useSelectedChain } from './selected-chain';

/** The chain searched on: the swap page's, followed as it changes, or Base before there is one. */
function useSearchChain() {
  const { chain: swapChain } = useSelectedChain();
  const [chain, setChain] = useState<ChainId>(swapChain ?? DEFAULT_SEARCH_CHAIN);

  useEffect(() => {
    if (swapChain) setChain(swapChain);
  }, [swapChain]);

  return { swapChain, chain, setChain };
}

/**
 * The header's token search: an address or a known symbol opens that token's page. The chain is the one
 * the swap page is on (Base before that), shown in the box so it can be changed; a base58 address moves
 * it to Solana and a 0x address moves it off Solana.
 */
export function TokenSearch() {
  const trpc = useTRPC();
  const search = useTokenSearch();
  const router = useRouter();
  const listId = useId();
  const { swapChain, chain, setChain } = useSearchChain();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Symbols are suggested once someone types, not on every page load.
  const known = useQuery(trpc.tokens.known.queryOptions(text.trim() ? { chain } : skipToken, { staleTime: KNOWN_STALE_MS }));
  const symbols = known.data ? suggestions(known.data.tokens) : [];

  const onText = (value: string) => {
    setText(value);
    setProblem(undefined);
    setChain((current) => chainForInput(value, current, swapChain ?? DEFAULT_SEARCH_CHAIN));
  };

  // React does not await a handler; the search answers a failure as a problem to show, so this never rejects.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const outcome = await search(text, chain);
      if (outcome.kind === 'token') {
        setText('');
        setProblem(undefined);
        router.push(tokenPageHref(outcome.chain, outcome.address));
      } else if (outcome.kind === 'problem') {
        setProblem(outcome.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form role="search" aria-label="Token search" className="token-search-box" onSubmit={(event) => void onSubmit(event)}>
      <SearchChainSelect
        chain={chain}
        onChange={(id) => {
          setChain(id);
          setProblem(undefined);
        }}
      />
      <input
        type="search"
        aria-label="Token address or symbol"
        placeholder="Token address or symbol"
        autoComplete="off"
        spellCheck={false}
        list={listId}
        value={text}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onText(event.target.value)}
      />
      <datalist id={listId}>
        {symbols.map((symbol) => (
          <option key={symbol} value={symbol} />
        ))}
      </datalist>
      <button type="submit" aria-label="Search token" disabled={busy}>
        {busy ? '…' : '→'}
      </button>
      {problem && (
        <p role="alert" className="token-search-problem">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The chain searched on, each named by its id (its full name on hover). */
function SearchChainSelect({ chain, onChange }: { chain: ChainId; onChange: (chain: ChainId) => void }) {
  return (
    <select aria-label="Search on chain" value={chain} onChange={(event) => onChange(event.target.value as ChainId)}>
      {CHAIN_IDS.map((id) => (
        <option key={id} value={id} title={CHAINS[id].name}>
          {id}
        </option>
      ))}
    </select>
  );
}
