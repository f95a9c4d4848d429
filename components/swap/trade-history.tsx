'use client';

import { useQueries } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFamilyWallet } from '@/components/wallet/use-family-wallet';
import { useWalletFamily } from '@/components/wallet/wallet-family';
import { CHAINS, CHAIN_IDS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { appCodeOf } from './lib/error-messages';
import { formatDecimalText, shortAddress } from './lib/format';
import { sameToken } from './lib/tokens';
import type { TradeRecord } from './lib/types';
import { useTradeHistory } from './hooks/use-trade-history';

const time = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * The trades of the wallet in front (the EVM or the Solana one, as the swap form's chain decides), as the
 * server recorded them (so they survive a reload).
 */
export function TradeHistory() {
  const trpc = useTRPC();
  const { family } = useWalletFamily();
  const wallet = useFamilyWallet(family).address;
  const history = useTradeHistory(wallet);
  // Token symbols of every chain the trades are on.
  const chains = [...new Set(history.data?.trades.map((record) => record.chain))].filter((chain): chain is ChainId =>
    (CHAIN_IDS as readonly string[]).includes(chain),
  );
  const known = useQueries({ queries: chains.map((chain) => trpc.tokens.known.queryOptions({ chain }, { staleTime: 5 * 60_000 })) });
  const symbol = (record: TradeRecord, address: string) => {
    if (address === NATIVE_TOKEN_ADDRESS) return CHAINS[record.chain as ChainId]?.nativeSymbol ?? 'native';
    const tokens = known[chains.indexOf(record.chain as ChainId)]?.data?.tokens ?? [];
    return tokens.find((token) => sameToken(token, { address }))?.symbol ?? shortAddress(address);
  };

  return (
    <section className="card history" aria-label="Trade history">
      <h2>Your trades</h2>
      {!wallet && <p className="muted">Connect a wallet to see its trades.</p>}
      {wallet && history.isLoading && <p className="muted">Loading trades…</p>}
      {history.error && (
        <p role="alert" className="error">
          {appCodeOf(history.error) === 'NOT_IMPLEMENTED' ? 'Trade history is not available on this server yet.' : history.error.message}
        </p>
      )}
      {history.data && history.data.trades.length === 0 && <p className="muted">No trades yet.</p>}
      {history.data && history.data.trades.length > 0 && (
        <table className="history-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Chain</th>
              <th>Trade</th>
              <th>Status</th>
              <th>Transaction</th>
            </tr>
          </thead>
          <tbody>
            {history.data.trades.map((record) => (
              <tr key={record.id} data-status={record.status}>
                <td className="nowrap">{time.format(new Date(record.createdAt))}</td>
                <td>{CHAINS[record.chain as ChainId]?.name ?? record.chain}</td>
                <td>
                  {record.spent ? formatDecimalText(record.spent) : '…'} {symbol(record, record.tokenIn)} →{' '}
                  {record.received ? formatDecimalText(record.received) : '…'} {symbol(record, record.tokenOut)}
                </td>
                <td>
                  <span className={`pill ${record.status === 'SUCCESS' ? 'ok' : record.status === 'FAILED' ? 'down' : 'pending'}`}>
                    {record.status.toLowerCase()}
                  </span>
                </td>
                <td className="nowrap">
                  <a href={record.explorerUrl} target="_blank" rel="noreferrer">
                    {shortAddress(record.txHash)} ↗
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
