'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import { useSolanaWallet } from '@/components/providers/solana-wallet-provider';
import { useTRPC } from '@/components/providers/trpc-provider';
import type { ChainId } from '@/server/chains/registry';
import { SwapFlowError, describeError, describeTradeFailure, isUserRejection } from '../lib/error-messages';
import type { FlowEvent, StepId } from '../lib/swap-flow';
import type { SwapToken } from '../lib/tokens';

export interface SolanaSwapParameters {
  chain: ChainId;
  /** The connected wallet's base58 address: the quote's trader and fee payer. */
  account: string;
  tokenIn: SwapToken;
  tokenOut: SwapToken;
  transaction: { trade: string; approve: string; extra: string; quoteId: string };
}

/**
 * Runs a quoted Solana swap: the wallet signs the quoted transaction unchanged (Solana wallets sign only),
 * and the server adds the maker's signature where the route needs it, sends, confirms and reads what moved.
 * Solana has no token approvals, so there is no approve step.
 */
export function useSolanaSwap() {
  const { address, signQuoted } = useSolanaWallet();
  const trpc = useTRPC();
  const execute = useMutation(trpc.v2.execute.mutationOptions());

  return useCallback(
    async ({ chain, account, tokenIn, tokenOut, transaction }: SolanaSwapParameters, report: Dispatch<FlowEvent>) => {
      let step: StepId = 'swap';
      report({ type: 'start', approveBefore: false, approveAfter: false, approvals: false });
      try {
        if (transaction.approve || transaction.extra)
          throw new SwapFlowError('The quote asks for more than one Solana transaction; this page signs only the trade.');
        if (address !== account) throw new SwapFlowError('The Solana wallet changed accounts. Get a new quote.');
        if (!signQuoted) throw new SwapFlowError('This wallet cannot sign Solana transactions for the page.');

        report({ type: 'active', step });
        const trade = await signQuoted(transaction.trade, 'trade');
        report({ type: 'completed', step });

        step = 'confirmed';
        report({ type: 'active', step });
        const outcome = await execute.mutateAsync({ chain, trade, quoteId: transaction.quoteId, mev: false, simulation: true });
        if (outcome.status !== 'SUCCESS' || !outcome.txRes) throw new SwapFlowError(describeTradeFailure(outcome.parsedError));
        report({
          type: 'succeeded',
          result: { ...outcome.txRes, spentSymbol: tokenIn.symbol, receivedSymbol: tokenOut.symbol },
        });
      } catch (error) {
        report({ type: 'failed', step, message: describeError(error), rejected: isUserRejection(error) });
      }
    },
    [address, signQuoted, execute],
  );
}
