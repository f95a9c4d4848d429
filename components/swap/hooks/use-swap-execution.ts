'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer } from 'react';
import type { Address } from 'viem';
import { useTRPC } from '@/components/providers/trpc-provider';
import { onFamily } from '@/components/wallet/chain-family';
import type { ChainId } from '@/server/chains/registry';
import { IDLE, swapFlowReducer } from '../lib/swap-flow';
import type { SwapToken } from '../lib/tokens';
import { useEvmSwap } from './use-evm-swap';
import { useSolanaSwap } from './use-solana-swap';

export interface ExecuteSwapParameters {
  chain: ChainId;
  /** The connected wallet of the chain's family: 0x address or base58 public key. */
  account: string;
  tokenIn: SwapToken;
  tokenOut: SwapToken;
  /** The quote's transactions, exactly as quoted. */
  transaction: { trade: string; approve: string; extra: string; quoteId: string };
  /** What the quote's `extra` does, for its progress step. */
  extraLabel?: string;
}

/**
 * Runs a quoted swap with the wallet of the chain's family (EVM wallets send, Solana wallets sign) and keeps
 * its progress in one state machine; afterwards the balances and the trade history are read again.
 */
export function useSwapExecution() {
  const [flow, dispatch] = useReducer(swapFlowReducer, IDLE);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const evm = useEvmSwap();
  const solana = useSolanaSwap();

  const execute = useCallback(
    async (params: ExecuteSwapParameters) => {
      const { chain } = params;
      try {
        await onFamily(chain, {
          evm: (evmChain) => evm({ ...params, chain: evmChain, account: params.account as Address }, dispatch),
          solana: () => solana(params, dispatch),
        });
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.v1.balance.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.v1.tokenBalance.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.v2.history.pathKey() }),
        ]);
      }
    },
    [evm, solana, queryClient, trpc],
  );

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { flow, execute, reset };
}
