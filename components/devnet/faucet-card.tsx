'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeWalletAddressRefusal } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { useExplorerTxLink } from '@/components/tx/explorer-links';
import { FAMILY_TRAITS } from '@/components/wallet/chain-family';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import type { AppRouter } from '@/server/api/root';
import type { inferRouterOutputs } from '@trpc/server';

type FaucetOutcome = inferRouterOutputs<AppRouter>['dev']['faucet'];

/** "Get test funds": shown only when the server runs on the local chain world. */
export function FaucetCard() {
  const trpc = useTRPC();
  const world = useQuery(trpc.dev.devnet.queryOptions({}, { retry: false, staleTime: 60_000 }));
  const fund = useMutation(trpc.dev.faucet.mutationOptions());
  const explorerTxLink = useExplorerTxLink();
  const chains = world.data ? Object.keys(world.data.chains) : [];
  const [chain, setChain] = useState('');
  const [address, setAddress] = useState('');
  const selected = chain || chains[0] || '';

  if (!world.data) return null;
  return (
    <section className="card" aria-label="Test funds">
      <h2>Get test funds</h2>
      <p className="muted">
        This server runs on the local chain world. Send yourself native coins and every test token, then trade with MetaMask or Phantom (see the README for
        adding the local chains to your wallet).
      </p>
      <form
        className="faucet"
        onSubmit={(event) => {
          event.preventDefault();
          fund.mutate({ chain: selected as never, address: address.trim() });
        }}
      >
        {/* A refusal names the chain it was for: another chain clears it. */}
        <select
          aria-label="Chain"
          value={selected}
          onChange={(event) => {
            setChain(event.target.value);
            fund.reset();
          }}
        >
          {chains.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
        <input
          aria-label="Wallet address"
          placeholder={FAMILY_TRAITS[CHAINS[selected as ChainId]?.family ?? 'evm'].faucetPlaceholder}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          spellCheck={false}
        />
        <button type="submit" disabled={fund.isPending || address.trim() === ''}>
          {fund.isPending ? 'Sending…' : 'Get test funds'}
        </button>
      </form>
      {fund.error && (
        <p role="alert" className="error">
          {describeWalletAddressRefusal(fund.error, CHAINS[selected as ChainId])}
        </p>
      )}
      {fund.data && <FundsSent sent={fund.data} explorerTxLink={explorerTxLink} />}
    </section>
  );
}

/** What the faucet sent: each token's amount and its transaction on the explorer. */
function FundsSent({ sent, explorerTxLink }: { sent: FaucetOutcome; explorerTxLink: (chain: ChainId, hash: string) => string }) {
  return (
    <div role="status">
      <p>
        Sent to {shortAddress(sent.address)} on {CHAINS[sent.chain as ChainId]?.name ?? sent.chain}:
      </p>
      <ul aria-label="Funds sent">
        {sent.funded.map((token) => (
          <li key={token.address}>
            {formatAmount(token.amount, token.decimals)} {token.symbol}{' '}
            <a
              className="small"
              href={explorerTxLink(sent.chain as ChainId, token.txHash)}
              target="_blank"
              rel="noreferrer"
              aria-label={`${token.symbol} transaction on the explorer`}
            >
              {shortAddress(token.txHash)} ↗
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
