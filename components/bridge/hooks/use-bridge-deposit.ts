'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { Address, Hash } from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import { useConfig } from 'wagmi';
import { getConnectorClient, sendTransaction } from 'wagmi/actions';
import { useSolanaWallet } from '@/components/providers/solana-wallet-provider';
import { useTRPC } from '@/components/providers/trpc-provider';
import { SwapFlowError, describeError } from '@/components/swap/lib/error-messages';
import { parseQuotedTransaction, type QuotedTransaction } from '@/components/swap/lib/quoted-transaction';
import { familyOf, onFamily } from '@/components/wallet/chain-family';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { bridgeTrackerHref } from '../lib/bridge-links';
import type { BridgeQuote } from '../lib/bridge-types';
import type { DepositPhase } from '../lib/deposit-progress';

const RECEIPT_TIMEOUT_MS = 120_000;

export interface BridgeDepositParameters {
  source: ChainId;
  /** The connected wallet of the source chain's family: the quote's trader. */
  account: string;
  transaction: BridgeQuote['transaction'];
}

/** A quoted EVM transaction of the source chain, checked to be for that chain. */
function quotedFor(source: ChainId, serialized: string, what: string): QuotedTransaction {
  const tx = parseQuotedTransaction(serialized);
  if (tx.chainId !== CHAINS[source].chainId)
    throw new SwapFlowError(`The quoted ${what} is for chain ${tx.chainId}, not ${CHAINS[source].name}. Get a new quote.`);
  return tx;
}

/**
 * The EVM deposit: the wallet broadcasts the approval the quote gives, if any, and waits for its receipt, then
 * broadcasts the deposit. `done.approved` tells the caller the approval went through when the deposit fails.
 */
function useEvmDeposit(setPhase: (phase: DepositPhase) => void, setApproveTxHash: (hash: string | undefined) => void) {
  const config = useConfig();

  // The wallet picks the nonces and fees; the server recognises the deposit by its depository and data.
  const send = useCallback(
    (account: string, tx: QuotedTransaction): Promise<Hash> =>
      sendTransaction(config, { account: account as Address, chainId: tx.chainId, to: tx.to, value: tx.value, data: tx.data, gas: tx.gas }),
    [config],
  );

  return useCallback(
    async (source: ChainId, account: string, transaction: BridgeQuote['transaction'], done: { approved: boolean }): Promise<string> => {
      const trade = quotedFor(source, transaction.trade, 'deposit');
      if (transaction.approve) {
        const approve = quotedFor(source, transaction.approve, 'approval');
        setPhase('approve');
        const hash = await send(account, approve);
        setApproveTxHash(hash);
        setPhase('approving');
        // viem's wait on the wallet's client, as the swap does: wagmi's own wait also reads revert reasons,
        // which brings some 16 kB (gzip) of decoding into the page for a message this page does not show.
        const client = await getConnectorClient(config, { chainId: approve.chainId, account: account as Address });
        const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 1_000, timeout: RECEIPT_TIMEOUT_MS });
        if (receipt.status !== 'success') throw new SwapFlowError('The approval reverted on chain; nothing was deposited.');
        done.approved = true;
      }
      setPhase('wallet');
      return send(account, trade);
    },
    [config, send, setPhase, setApproveTxHash],
  );
}

/** The Solana deposit: the wallet signs it, and `bridge.execute` sends and confirms it. */
function useSolanaDeposit(setPhase: (phase: DepositPhase) => void) {
  const { address: solanaAddress, signQuoted } = useSolanaWallet();
  const trpc = useTRPC();
  const execute = useMutation(trpc.bridge.execute.mutationOptions());

  return useCallback(
    async (source: ChainId, account: string, transaction: BridgeQuote['transaction']): Promise<string> => {
      if (solanaAddress !== account) throw new SwapFlowError('The Solana wallet changed accounts. Get a new quote.');
      if (!signQuoted) throw new SwapFlowError('This wallet cannot sign Solana transactions for the page.');
      if (transaction.approve) throw new SwapFlowError('The quote asks for an approval, which Solana deposits never need. Get a new quote.');
      setPhase('wallet');
      const signed = await signQuoted(transaction.trade, 'deposit');
      setPhase('sending');
      const outcome = await execute.mutateAsync({ trade: signed, sourceChain: source, requestId: transaction.requestId });
      // A deposit that never reached the chain has nothing to track; one that did is followed on the tracker.
      if (!outcome.sourceTxHash) throw new SwapFlowError(outcome.error ?? 'The deposit was not sent.');
      return outcome.sourceTxHash;
    },
    [solanaAddress, signQuoted, execute, setPhase],
  );
}

/**
 * Pays a quoted deposit with the wallet of the source chain, then opens the request's tracker.
 * EVM wallets broadcast the deposit themselves (MetaMask signs only by sending); the tracker then has the
 * server record the hash. A token deposit the quote gives an approval for has the wallet send the approval
 * first and waits for its receipt, since the deposit reverts without it. Solana wallets sign only, so the
 * signed deposit goes to `bridge.execute`, which sends and confirms it.
 */
export function useBridgeDeposit() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [phase, setPhase] = useState<DepositPhase>('idle');
  const [approveTxHash, setApproveTxHash] = useState<string>();
  const [error, setError] = useState<string>();
  const evmDeposit = useEvmDeposit(setPhase, setApproveTxHash);
  const solanaDeposit = useSolanaDeposit(setPhase);

  const deposit = useCallback(
    async ({ source, account, transaction }: BridgeDepositParameters) => {
      setError(undefined);
      setApproveTxHash(undefined);
      const done = { approved: false };
      try {
        const txHash = await onFamily(source, {
          evm: () => evmDeposit(source, account, transaction, done),
          solana: () => solanaDeposit(source, account, transaction),
        });
        setPhase('sent');
        // Solana's execute has recorded the deposit already; an EVM tracker records the hash it is given.
        router.push(bridgeTrackerHref(transaction.requestId, familyOf(source).walletSends ? txHash : undefined));
      } catch (caught) {
        setPhase('idle');
        setError(done.approved ? `The approval went through, the deposit did not: ${describeError(caught)}` : describeError(caught));
        // The quote held on screen still asks for the approval just made: a new one asks for none.
        if (done.approved) void queryClient.invalidateQueries({ queryKey: trpc.bridge.quote.pathKey() });
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.v1.balance.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.tokens.balances.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.bridge.requests.pathKey() }),
        ]);
      }
    },
    [evmDeposit, solanaDeposit, router, queryClient, trpc],
  );

  return { deposit, phase, approveTxHash, running: phase !== 'idle', error, clearError: useCallback(() => setError(undefined), []) };
}
