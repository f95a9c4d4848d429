/**
 * What every chain family's trading engine takes and gives: callers (the API's handlers) translate their
 * requests into a SwapRequest or SwapExecution and shape a SwapQuote or TradeOutcome into their answers,
 * whatever the chain.
 */
import type { ChainId } from '@/server/chains/registry';
import type { PriorityLevel } from '@/server/chains/fee-levels';
import type { FeeSplit } from '@/server/fees/fee-model';
import type { QuoteWarning } from './quote-warnings';

/** Exact input: the trader fixed what is spent. Exact output: what is received (the input is searched). */
export type SwapMode = 'EXACT_IN' | 'EXACT_OUT';

export type ApprovalOrder = 'approve-then-trade' | 'trade-then-approve';
/**
 * What a quoted approval before a trade lets the Router take: the interface's maximum (a token is approved
 * once), or exactly what the trade spends (its input; an exact output's bound), asked for again by each trade.
 */
export type ApprovalSize = 'unlimited' | 'exact';

export interface SwapRequest {
  /** Who asked (an opaque label recorded with the trade); never changes behaviour. */
  channel: string;
  /**
   * A token that needs its allowance reset to 0 before it can be approved again (USDT style): `extra` quotes the
   * reset as its own transaction; `refuse` answers APPROVAL_REQUIRED and leaves the reset to the wallet.
   */
  approvalReset: 'extra' | 'refuse';
  side: 'BUY' | 'SELL';
  /** Addresses in the chain family's own form; the native coin is the EVM zero address everywhere. */
  trader: string;
  tokenIn: string;
  tokenOut: string;
  /** Raw units of tokenIn, or a share of the trader's tokenIn balance in basis points. */
  amount: { raw: bigint } | { balanceBps: number };
  slippageBps: number;
  priority: PriorityLevel;
  fees: FeeSplit;
  integrator: string;
  /** The token approved to the Router and when (tokenIn before a sell, or tokenOut after a buy); families without approvals (Solana) ignore it. */
  approval: { token: string; order: ApprovalOrder; size?: ApprovalSize } | undefined;
  /** Refuse to quote when the trade cannot be simulated as the trader. */
  requireSimulation: boolean;
  /** Quote a buy of a token the audit calls a honeypot instead of refusing it (RISKY_TOKEN). */
  acceptRisk?: boolean;
  /** Strategy tokens among tokenIn and tokenOut: the trader's permit is checked and, when missing, quoted first. */
  permitTokens?: string[];
  /** No wallet: only the price is wanted (the transactions are dropped), so what only a wallet could fix is no refusal. */
  priceOnly?: boolean;
  /** Who receives tokenOut; the trader when absent (the bridge solver pays a recipient through a swap). */
  recipient?: string;
  /** An exact output traded as such (engines whose exactOutput is `router`): deliver exactly this, raw units. */
  exactAmountOut?: bigint;
  /** The most gas the trade's limit may come to: costlier routes are not chosen (a bridge fill, bounded by what its quote charged). */
  maxTradeGas?: bigint;
}

export interface QuoteHop {
  venue: string;
  pool: string;
  tokenIn: string;
  tokenOut: string;
  fee: number;
}

/** One leg of a route: its share of the swapped amount (parts per million) and its hops in order. */
export interface QuoteLeg {
  share: number;
  hops: QuoteHop[];
}

export interface SwapQuote {
  amountIn: bigint;
  amountOut: bigint;
  amountOutMin: bigint;
  /**
   * EVM exact output: the most the trade may spend (the quoted input plus the slippage); it delivers exactly
   * `amountOut` (then also `amountOutMin`), and what it does not spend stays with the trader.
   */
  amountInMax?: bigint;
  /** Legs in the order the trade runs them; their shares add up to a million. */
  route: QuoteLeg[];
  simulated: boolean;
  priceImpactPercent: number;
  /** EVM gas limit of the trade; Solana compute-unit limit. */
  tradeGasLimit: bigint;
  protocolFee: bigint;
  integratorFee: bigint;
  feeToken: string;
  valueAmountInUsd: number;
  /** USD value of amountOut, priced like the input's (0 where no price is known). */
  valueAmountOutUsd: number;
  gasCostUsd: number;
  txCostUsd: number;
  taxes: { buyTax: number; sellTax: number; transferTax: number };
  decimalsIn: number;
  decimalsOut: number;
  /** Serialized unsigned transactions: EVM hex; Solana base64 v0. `reset` sets a USDT-style allowance to 0 first. */
  transactions: { trade: string; approve?: string; reset?: string; pretrade?: string };
  quoteId: string;
  expiresAt: number;
  /** Which side the trader fixed (set by quoteSwap): the input (`amountIn` as asked) or the output (`amountOutMin` at least as asked). */
  swapMode?: SwapMode;
  /** From the tokens' audit and the route (set by quoteSwap, whatever the engine). */
  warnings?: QuoteWarning[];
  /**
   * EVM: the block whose state the quote was priced on (the QuoteLens eth_call's block; the same read at this
   * block gives the same amounts). Absent on Solana.
   */
  blockNumber?: bigint;
  /** What the trader held of tokenIn when the quote read the chain (EVM), in the same batch as the pools. */
  heldIn?: bigint;
  /** The measured taxes of the traded tokens that were read (native, wrapped native and the stable are not). */
  tokenTaxes?: { token: string; buyTax: number; sellTax: number }[];
}

/** Signed transactions for a quote, to be checked against it and sent. */
export interface SwapExecution {
  /** Whose trade it is (recorded with it; history lists it for this owner). */
  owner: string;
  chain: ChainId;
  /** The caller's name for `chain`, named by the TX_MISMATCH when the quote is for another chain. */
  chainField: string;
  quoteId: string;
  trade: string;
  approve?: string;
  /** The signed allowance reset (the quote's `reset`). */
  extra?: string;
  mev: boolean;
  simulation: boolean;
  reward?: string;
}

/** A quoted trade the wallet broadcast itself, to be followed to its outcome. */
export interface SwapTracking {
  owner: string;
  chain: ChainId;
  quoteId: string;
  txHash: string;
}
