/**
 * The EVM family's trading engine: the Router's quotes and trades (the shape: ../trading-engines.ts). One per
 * services instance, holding what its quotes remember (evm-quote-caches.ts).
 */
import type { Hex } from 'viem';
import type { ChainId } from '@/server/chains/registry';
import type { SwapExecuteDeps, TradingEngine } from '../trading-engines';
import { executeEvmTrade, trackEvmTrade } from './evm-execute';
import type { EvmExecuteDeps } from './evm-execute-types';
import type { EvmQuoteCaches } from './evm-quote-caches';
import { quoteEvmSwap, type EvmQuoteRequest } from './evm-quote';
import { estimateEvmInput } from './exact-output-estimate';

function evmExecuteDeps(deps: SwapExecuteDeps, chain: ChainId): EvmExecuteDeps {
  return { chain: deps.chains[chain], trades: deps.trades, logger: deps.logger, kickBackground: () => deps.background.kick() };
}

export function createEvmTradingEngine(caches: EvmQuoteCaches): TradingEngine {
  return {
    exactOutput: 'router',
    quote: (deps, chain, request) =>
      quoteEvmSwap({ chain: deps.chains[chain], fees: deps.priorityFees, secret: deps.appSecret, caches }, request as EvmQuoteRequest),
    execute: (deps, chain, trade) =>
      executeEvmTrade(evmExecuteDeps(deps, chain), {
        ...trade,
        trade: trade.trade as Hex,
        approve: trade.approve as Hex | undefined,
        extra: trade.extra as Hex | undefined,
      }),
    estimateInput: (deps, chain, request, amountOutMin) => estimateEvmInput(caches.routing, deps.chains[chain], request as EvmQuoteRequest, amountOutMin),
    track: (deps, chain, trade) => trackEvmTrade(evmExecuteDeps(deps, chain), { ...trade, txHash: trade.txHash as Hex }),
  };
}
