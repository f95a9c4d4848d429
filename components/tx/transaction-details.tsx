'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { BalanceChangesTable, TokenTransfersTable } from './token-movements';
import { blockText, statusExplanation, statusText, tokenAmountText, type TransactionStatus } from './lib/transaction-text';

/** How often a pending transaction is read again until it lands in a block. */
const PENDING_REFRESH_MS = 2_000;

/** One transaction as its chain reports it: where it stands, its block, parties and value, and the tokens it moved. */
export function TransactionDetails({ chain, hash }: { chain: ChainId; hash: string }) {
  const trpc = useTRPC();
  const view = useQuery(
    trpc.transactions.view.queryOptions(
      { chain, hash },
      {
        staleTime: 30_000,
        refetchInterval: (query) => (query.state.data?.transaction.status === 'pending' ? PENDING_REFRESH_MS : false),
      },
    ),
  );
  const transaction = view.data?.transaction;
  const explanation = transaction && statusExplanation(transaction.status, chain);
  const family = familyOf(chain);
  const native = { address: NATIVE_TOKEN_ADDRESS, symbol: CHAINS[chain].nativeSymbol, decimals: CHAINS[chain].nativeDecimals };
  return (
    <section className="card tx-view" aria-label="Transaction">
      <p className="tx-hash mono">{hash}</p>
      {view.isLoading && (
        <p role="status" className="muted">
          Reading the transaction from {CHAINS[chain].name}…
        </p>
      )}
      {view.error && (
        <p role="alert" className="error">
          The transaction could not be read. {describeError(view.error)}
        </p>
      )}
      {transaction && (
        <>
          <dl className="tx-facts">
            <Fact label="Chain">{CHAINS[chain].name}</Fact>
            <Fact label="Status" testId="tx-status">
              <span className={`pill ${PILL[transaction.status]}`}>{statusText(transaction.status)}</span>
            </Fact>
            {transaction.block && (
              <Fact label={family.blockLabel} testId="tx-block">
                {blockText(transaction.block)}
              </Fact>
            )}
            {transaction.from && (
              <Fact label={family.senderLabel} testId="tx-from" mono>
                {transaction.from}
              </Fact>
            )}
            {transaction.to && (
              <Fact label="To" testId="tx-to" mono>
                {transaction.to}
              </Fact>
            )}
            {transaction.value !== null && (
              <Fact label="Value" testId="tx-value">
                {tokenAmountText(transaction.value, native)}
              </Fact>
            )}
          </dl>
          {explanation && <p className="muted">{explanation}</p>}
          {transaction.transfers.length > 0 && <TokenTransfersTable transfers={transaction.transfers} />}
          {transaction.balanceChanges.length > 0 && <BalanceChangesTable changes={transaction.balanceChanges} />}
        </>
      )}
    </section>
  );
}

const PILL: Record<TransactionStatus, string> = { success: 'ok', reverted: 'down', pending: 'pending', 'not-found': 'down' };

function Fact({ label, testId, mono, children }: { label: string; testId?: string; mono?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} className={mono ? 'mono' : undefined}>
        {children}
      </dd>
    </div>
  );
}
