/**
 * Each chain family's trading engine behind one shape: quote, execute and, where the family's wallets
 * broadcast themselves, track. The engines are `evm/evm-trading-engine.ts` and
 * `solana/solana-trading-engine.ts`; the composition root puts each in its family's object
 * (server/family-services.ts), and the entry points (quoteSwap, executeSwap, trackSwap) take the chain's
 * from `deps.families`, so no caller branches on the family.
 */
import type { ChainId } from '@/server/chains/registry';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import type { Logger } from '@/server/observability/logger';
import type { TradeRepository } from '@/server/store/trade-repository';
import type { TokenRiskReader } from '@/server/tokens/token-risk';
import type { QuoteClaims } from './quote-id';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import type { SwapExecution, SwapQuote, SwapRequest, SwapTracking } from './swap-types';
import type { TradeOutcome } from './trade-outcome';

/** Each chain's family object (server/family-services.ts): here, its trading engine. */
export interface TradingFamilies {
  families: (chain: ChainId) => { trading: TradingEngine };
}

export interface SwapQuoteDeps extends TradingFamilies {
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

export interface SwapExecuteDeps extends TradingFamilies {
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
