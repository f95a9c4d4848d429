'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';
import { keepTabInside } from '@/components/layout/focus';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { useTokenLookup } from './hooks/use-known-tokens';
import { useListedBalances } from './hooks/use-listed-balances';
import { describeTokenRefusal } from './lib/error-messages';
import { shortAddress } from './lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { heldFirst, isNative, sameToken, type SwapToken } from './lib/tokens';
import { TokenIcon } from './token-icon';

interface TokenSelectDialogProps {
  chain: ChainId;
  title: string;
  tokens: readonly SwapToken[];
  selected?: SwapToken;
  /** The connected wallet of the chain's family: each row shows its balance, held tokens first. */
  wallet?: string;
  onSelect: (token: SwapToken) => void;
  onClose: () => void;
}

/**
 * Pick one of the chain's known tokens, or paste a token address (looked up on EVM chains; on Solana the
 * server knows the listed mints only, so a pasted mint must be one of them).
 */
export function TokenSelectDialog({ chain, title, tokens, selected, wallet, onSelect, onClose }: TokenSelectDialogProps) {
  const [search, setSearch] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const query = search.trim();
  const family = familyOf(chain);
  const isAddress = family.isAddress(query);
  const addressHint = family.unfinishedTokenAddressHint(query);
  const matches = tokens.filter((token) =>
    isAddress ? sameToken(token, { address: query }) : `${token.symbol} ${token.name}`.toLowerCase().includes(query.toLowerCase()),
  );
  const lookup = useTokenLookup(chain, isAddress && matches.length === 0 ? query : undefined);
  // Balances are read for the whole list once, not per keystroke: a filter then never waits on a request, and
  // rows do not move when balances arrive under a row the keyboard is on (a moved row loses the focus).
  const listed = useListedBalances(chain, lookup.data ? [...tokens, lookup.data.token] : tokens, wallet);
  const wanted = lookup.data ? [lookup.data.token] : matches;
  const shown = heldFirst(listed.filter((held) => wanted.some((token) => sameToken(token, held.token))));

  useModalFocus(dialog, input, onClose);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} ref={dialog}>
        <div className="modal-head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <input
          ref={input}
          className="token-search"
          aria-label="Search tokens"
          placeholder="Search by name or paste an address"
          value={search}
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
        />
        {addressHint && <p className="muted small">{addressHint}</p>}
        <ul className="token-list" aria-label="Tokens">
          {shown.map(({ token, balance }) => (
            <li key={token.address}>
              <button
                type="button"
                className={`token-row${sameToken(token, selected) ? ' selected' : ''}`}
                aria-label={`${token.symbol} ${token.name}`}
                onClick={() => onSelect(token)}
              >
                <TokenIcon symbol={token.symbol} address={token.address} size={32} />
                <span className="token-row-text">
                  <strong>{token.symbol}</strong>
                  <span className="muted small">{token.name}</span>
                </span>
                <span className="token-row-side">
                  {balance !== undefined && (
                    <span className="small mono" data-testid="token-row-balance">
                      {formatAmount(balance, token.decimals)}
                    </span>
                  )}
                  {/* The native coin has no contract: its placeholder address would mean nothing to anyone. */}
                  {!isNative(token) && <span className="muted small mono">{shortAddress(token.address)}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {lookup.isFetching && <p className="muted small">Looking the token up on {CHAINS[chain].name}…</p>}
        {lookup.error && (
          <p role="alert" className="error small">
            {describeTokenRefusal(lookup.error, CHAINS[chain].name)}
          </p>
        )}
        {!lookup.isFetching && !lookup.error && shown.length === 0 && <p className="muted small">{family.noTokenMatches(isAddress)}</p>}
        {lookup.data && <p className="muted small">Imported by address: check it is the token you mean before trading.</p>}
      </div>
    </div>
  );
}

/**
 * The picker's keyboard: the search field has the focus when it opens, Escape closes it, Tab stays inside
 * it, and closing (a choice, Escape, ×) gives the focus back to the button that opened it.
 */
function useModalFocus(dialog: RefObject<HTMLDivElement | null>, input: RefObject<HTMLInputElement | null>, onClose: () => void) {
  // The parent hands a new onClose on each render; read through a ref so a re-render of the page behind
  // (a quote or a balance arriving) does not run the opening again and pull the focus back to the search.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const opener = document.activeElement;
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      else keepTabInside(dialog.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [dialog, input]);
}
