'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, type Dispatch } from 'react';
import type { Address, Hash } from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import { useConfig } from 'wagmi';
import { getConnectorClient } from 'wagmi/actions';
import { approvalText } from '@/components/quotes/approval-text';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useExplorerTxLink } from '@/components/tx/explorer-links';
import type { EvmChainId } from '@/server/chains/registry';
import { SwapFlowError, describeError, describeTradeFailure, isUserRejection } from '../lib/error-messages';
import { planSwap, toSendTransactionRequest, type QuotedTransaction } from '../lib/quoted-transaction';
import type { FlowEvent, StepId } from '../lib/swap-flow';
import type { SwapToken } from '../lib/tokens';

const RECEIPT_TIMEOUT_MS = 120_000;

export interface EvmSwapParameters {
  chain: EvmChainId;
  account: Address;
  tokenIn: SwapToken;
  tokenOut: SwapToken;
  /** The quote's transactions, exactly as quoted. */
  transaction: { trade: string; approve: string; extra?: string; quoteId: string };
  /** What the quote's `extra` does, as its progress step says it. */
  extraLabel?: string;
}

type ConnectorClient = Awaited<ReturnType<typeof getConnectorClient>>;

/** The wallet broadcasts the quoted transaction itself (MetaMask signs only by sending). */
function send(client: ConnectorClient, tx: QuotedTransaction, account: Address): Promise<Hash> {
  return client.request({ method: 'eth_sendTransaction', params: [toSendTransactionRequest(tx, account) as never] });
}

async function confirmed(client: ConnectorClient, hash: Hash, what: string): Promise<void> {
  const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 1_000, timeout: RECEIPT_TIMEOUT_MS });
  if (receipt.status !== 'success') throw new SwapFlowError(`The ${what} transaction reverted on chain.`);
}

/**
 * Runs a quoted EVM swap through the connected wallet: an approval the trade needs (confirmed first), the
 * trade (the wallet sends it), then the server tracks the hash to the confirmed result; an approval the
 * quote orders after the trade is sent last and may fail without failing the swap.
 */
export function useEvmSwap() {
  const config = useConfig();
  const trpc = useTRPC();
  const track = useMutation(trpc.v2.track.mutationOptions());
  const explorerTxLink = useExplorerTxLink();

  return useCallback(
    async ({ chain, account, tokenIn, tokenOut, transaction, extraLabel }: EvmSwapParameters, report: Dispatch<FlowEvent>) => {
      let step: StepId = 'swap';
      let started = false;
      try {
        const plan = planSwap(transaction);
        report({
          type: 'start',
          approveBefore: !!plan.approveBefore,
          approveAfter: !!plan.approveAfter,
          extra: plan.extra ? (extraLabel ?? 'Before the swap') : undefined,
          approveLabel: transaction.approve ? approvalText(transaction.approve, tokenIn, 'Router') : undefined,
        });
        started = true;
        const client = await getConnectorClient(config, { chainId: plan.trade.chainId, account, assertChainId: true });

        if (plan.extra) {
          step = 'extra';
          report({ type: 'active', step });
          const hash = await send(client, plan.extra, account);
          report({ type: 'submitted', step, txHash: hash, explorerUrl: explorerTxLink(chain, hash) });
          await confirmed(client, hash, (extraLabel ?? 'first').toLowerCase());
          report({ type: 'completed', step });
        }

        if (plan.approveBefore) {
          step = 'approve';
          report({ type: 'active', step });
          const hash = await send(client, plan.approveBefore, account);
          report({ type: 'submitted', step, txHash: hash, explorerUrl: explorerTxLink(chain, hash) });
          await confirmed(client, hash, 'approval');
          report({ type: 'completed', step });
        }

        step = 'swap';
        report({ type: 'active', step });
        const hash = await send(client, plan.trade, account);
        report({ type: 'submitted', step, txHash: hash, explorerUrl: explorerTxLink(chain, hash) });
        report({ type: 'completed', step });

        step = 'confirmed';
        report({ type: 'active', step });
        const outcome = await track.mutateAsync({ chain, txHash: hash, quoteId: transaction.quoteId });
        if (outcome.status !== 'SUCCESS' || !outcome.txRes) throw new SwapFlowError(describeTradeFailure(outcome.parsedError));
        report({
          type: 'succeeded',
          result: { ...outcome.txRes, spentSymbol: tokenIn.symbol, receivedSymbol: tokenOut.symbol },
        });

        if (plan.approveAfter) {
          step = 'approveAfter';
          try {
            report({ type: 'active', step });
            const approveHash = await send(client, plan.approveAfter, account);
            report({ type: 'submitted', step, txHash: approveHash, explorerUrl: explorerTxLink(chain, approveHash) });
            await confirmed(client, approveHash, 'approval');
            report({ type: 'completed', step });
          } catch (error) {
            report({
              type: 'noted',
              step,
              message: `The swap is done, but the approval for selling later was not: ${describeError(error)} It is asked for again when you sell.`,
            });
          }
        }
      } catch (error) {
        if (!started) report({ type: 'start', approveBefore: false, approveAfter: false });
        report({ type: 'failed', step, message: describeError(error), rejected: isUserRejection(error) });
      }
    },
    [config, track, explorerTxLink],
  );
}
