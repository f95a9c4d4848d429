/**
 * Each chain family's trading engine behind one shape: quote, execute and, where the family's wallets
 * broadcast themselves, track. The entry points (quoteSwap, executeSwap, trackSwap) pick the engine from the
 * chain table, so no caller branches on chain names.
 */
import type { Hex } from 'viem';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import type { Logger } from '@/server/observability/logger';
import type { TradeRepository } from '@/server/store/trade-repository';
import type { TokenRiskReader } from '@/server/tokens/token-risk';
import { quoteEvmSwap, type EvmQuoteRequest } from './evm/evm-quote';
import { estimateEvmInput } from './evm/exact-output-estimate';
import { executeEvmTrade, trackEvmTrade, type EvmExecuteDeps } from './evm/evm-execute';
import type { QuoteClaims } from './quote-id';
import { executeSolanaTrade } from './solana/solana-execute';
import { estimateSolanaInput } from './solana/solana-exact-output';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import { quoteSolanaSwap } from './solana/solana-quote';
import type { SwapExecution, SwapQuote, SwapRequest, SwapTracking } from './swap-types';
import { tradeFailure } from '@/server/trade-failures';
import type { TradeOutcome } from './trade-outcome';

export interface SwapQuoteDeps {
  chains: ChainDirectory;
  priorityFees: PriorityFeeReader;
  /** Keys the quote ids. */
  appSecret: string;
  balances?: BalanceReader;
  /** Solana's route source, mints and fee collector; absent where SOL has no route configured. */
  solana?: SolanaTrading;
  /** The traded tokens' honeypot, taxes and audit state, kept per token for a range of blocks. */
  tokenRisk: TokenRiskReader;
}

export interface SwapExecuteDeps {
  chains: ChainDirectory;
  trades: TradeRepository;
  /** Sends queued follow-up transactions (the approval after a BUY). */
  background: { kick(): void };
  logger: Logger;
  appSecret: string;
  balances: BalanceReader;
  solana?: SolanaTrading;
  /** Counts each execute's outcome for the metrics: success, failed (on chain) or refused, with its code. */
  countTrade?(chain: ChainId, outcome: 'success' | 'failed' | 'refused', code: string): void;
}

/** What execute hands to a family: the signed transactions with the quote they were checked against. */
export type SignedTrade = Omit<SwapExecution, 'chain' | 'chainField' | 'quoteId'> & { claims: QuoteClaims };

export type TrackedTrade = Omit<SwapTracking, 'chain' | 'quoteId'> & { claims: QuoteClaims };

export interface TradingEngine {
  quote(deps: SwapQuoteDeps, chain: ChainId, request: SwapRequest): Promise<SwapQuote>;
  /**
   * How an exact output is traded: `router`, a trade that delivers exactly the amount and bounds the input
   * (`exactAmountOut` on the request); `minimum`, an exact-input trade whose minimum reaches the amount.
   */
  exactOutput: 'router' | 'minimum';
  /**
   * Unverified first guess of the input whose quote's amountOutMin reaches `amountOutMin` (the exact-output
   * search); undefined when the venues cannot deliver it.
   */
  estimateInput(deps: SwapQuoteDeps, chain: ChainId, request: SwapRequest, amountOutMin: bigint): Promise<bigint | undefined>;
  execute(deps: SwapExecuteDeps, chain: ChainId, trade: SignedTrade): Promise<TradeOutcome>;
  /** A trade the wallet broadcast itself; absent where wallets sign without sending. */
  track?(deps: SwapExecuteDeps, chain: ChainId, trade: TrackedTrade): Promise<TradeOutcome>;
}

function evmExecuteDeps(deps: SwapExecuteDeps, chain: ChainId): EvmExecuteDeps {
  return { chain: deps.chains[chain], trades: deps.trades, logger: deps.logger, kickBackground: () => deps.background.kick() };
}

export const TRADING_ENGINES: Record<ChainFamily, TradingEngine> = {
  evm: {
    exactOutput: 'router',
    quote: (deps, chain, request) =>
      quoteEvmSwap({ chain: deps.chains[chain], fees: deps.priorityFees, secret: deps.appSecret }, request as EvmQuoteRequest),
    execute: (deps, chain, trade) => executeEvmTrade(evmExecuteDeps(deps, chain), {
      ...trade, trade: trade.trade as Hex, approve: trade.approve as Hex | undefined, extra: trade.extra as Hex | undefined,
    }),
    estimateInput: (deps, chain, request, amountOutMin) => estimateEvmInput(deps.chains[chain], request as EvmQuoteRequest, amountOutMin),
    track: (deps, chain, trade) => trackEvmTrade(evmExecuteDeps(deps, chain), { ...trade, txHash: trade.txHash as Hex }),
  },
  solana: {
    exactOutput: 'minimum',
    quote: (deps, chain, request) => {
      if (!deps.solana || !deps.balances) throw new AppError('CHAIN_UNAVAILABLE', 'Trading is not set up on SOL on this server: no maker or Jupiter route is configured.');
      return quoteSolanaSwap(
        { chain: deps.chains[chain], trading: deps.solana, balances: deps.balances, fees: deps.priorityFees, secret: deps.appSecret },
        request,
      );
    },
    estimateInput: (deps, _chain, request, amountOutMin) => estimateSolanaInput(deps.solana, request, amountOutMin),
    execute: (deps, chain, trade) => {
      if (!deps.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Trading is not set up on SOL on this server.');
      for (const field of ['approve', 'extra'] as const) {
        if (trade[field]) throw tradeFailure('TX_MISMATCH', `Solana trades are one transaction: leave ${field} out`, field);
      }
      return executeSolanaTrade(
        { chain: deps.chains[chain], trading: deps.solana, balances: deps.balances, trades: deps.trades, logger: deps.logger },
        { owner: trade.owner, claims: trade.claims, trade: trade.trade, simulation: trade.simulation },
      );
    },
  },
};

export function tradingEngine(chain: ChainId): TradingEngine {
  return TRADING_ENGINES[CHAINS[chain].family];
}
