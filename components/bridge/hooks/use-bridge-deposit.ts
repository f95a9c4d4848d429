'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { sendTransaction } from 'wagmi/actions';
import { useSolanaWallet } from '@/components/providers/solana-wallet-provider';
import { useTRPC } from '@/components/providers/trpc-provider';
import { SwapFlowError, describeError } from '@/components/swap/lib/error-messages';
import { parseQuotedTransaction } from '@/components/swap/lib/quoted-transaction';
import { CHAINS, isEvmChain, type ChainId } from '@/server/chains/registry';
import { bridgeTrackerHref } from '../lib/bridge-links';
import type { BridgeQuote } from '../lib/bridge-types';

type WalletChainId = ReturnType<typeof useConfig>['chains'][number]['id'];

export interface BridgeDepositParameters {
  source: ChainId;
  /** The connected wallet of the source chain's family: the quote's trader. */
  account: string;
  transaction: BridgeQuote['transaction'];
}

/** `wallet`: the wallet is asked to sign or send; `sending`: the server sends a signed Solana deposit. */
export type DepositPhase = 'idle' | 'wallet' | 'sending' | 'sent';

/**
 * Pays a quoted deposit with the wallet of the source chain, then opens the request's tracker.
 * EVM wallets broadcast the deposit themselves (MetaMask signs only by sending); the tracker then has the
 * server record the hash. Solana wallets sign only, so the signed deposit goes to `bridge.execute`, which
 * sends and confirms it.
 */
export function useBridgeDeposit() {
  const config = useConfig();
  const { address: solanaAddress, signQuoted } = useSolanaWallet();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const execute = useMutation(trpc.bridge.execute.mutationOptions());
  const [phase, setPhase] = useState<DepositPhase>('idle');
  const [error, setError] = useState<string>();

  const evmDeposit = useCallback(async (source: ChainId, account: string, trade: string): Promise<string> => {
    const tx = parseQuotedTransaction(trade);
    if (tx.chainId !== CHAINS[source].chainId) throw new SwapFlowError(`The quoted deposit is for chain ${tx.chainId}, not ${CHAINS[source].name}. Get a new quote.`);
    setPhase('wallet');
    // The wallet picks the nonce and fees; the server recognises the deposit by its depository and data.
    return sendTransaction(config, { account: account as Address, chainId: tx.chainId as WalletChainId, to: tx.to, value: tx.value, data: tx.data, gas: tx.gas });
  }, [config]);

  const solanaDeposit = useCallback(async (source: ChainId, account: string, transaction: BridgeQuote['transaction']): Promise<string> => {
    if (solanaAddress !== account) throw new SwapFlowError('The Solana wallet changed accounts. Get a new quote.');
    if (!signQuoted) throw new SwapFlowError('This wallet cannot sign Solana transactions for the page.');
    setPhase('wallet');
    const signed = await signQuoted(transaction.trade, 'deposit');
    setPhase('sending');
    const outcome = await execute.mutateAsync({ trade: signed, sourceChain: source, requestId: transaction.requestId });
    // A deposit that never reached the chain has nothing to track; one that did is followed on the tracker.
    if (!outcome.sourceTxHash) throw new SwapFlowError(outcome.error ?? 'The deposit was not sent.');
    return outcome.sourceTxHash;
  }, [solanaAddress, signQuoted, execute]);

  const deposit = useCallback(async ({ source, account, transaction }: BridgeDepositParameters) => {
    setError(undefined);
    try {
      if (transaction.approve) throw new SwapFlowError('The quote asks for an approval; bridges of the native coin need none. Get a new quote.');
      const txHash = isEvmChain(source)
        ? await evmDeposit(source, account, transaction.trade)
        : await solanaDeposit(source, account, transaction);
      setPhase('sent');
      // Solana's execute has recorded the deposit already; an EVM tracker records the hash it is given.
      router.push(bridgeTrackerHref(transaction.requestId, isEvmChain(source) ? txHash : undefined));
    } catch (caught) {
      setPhase('idle');
      setError(describeError(caught));
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.v1.balance.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.bridge.requests.pathKey() }),
      ]);
    }
  }, [evmDeposit, solanaDeposit, router, queryClient, trpc]);

  return { deposit, phase, running: phase !== 'idle', error, clearError: useCallback(() => setError(undefined), []) };
}
