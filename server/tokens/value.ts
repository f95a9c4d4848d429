/**
 * Price estimates: the quote engine's routing without a transaction or a simulation. EVM: the quote's
 * candidate routes (server/routing), priced by one QuoteLens call with simulation off (exact pool math); Solana: the
 * route source's price. Our fee model is applied as a quote would; slippage is ignored and nothing is
 * guaranteed.
 */
import { parseUnits } from 'viem';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { FeeSplit } from '@/server/fees/fee-model';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';

/**
 * One family's estimates (`evm-value.ts`, `solana-value.ts`), joined per family by the composition root
 * (server/family-services.ts).
 */
export interface ValueEstimator {
  /** Whether a wallet's whole balance can be priced (`balanceOf`), rather than an amount only. */
  readonly pricesWholeBalance: boolean;
  /** A token's decimals (not the native coin's). */
  decimals(deps: ValueDeps, chain: ConfiguredChain, token: string): Promise<number>;
  estimate(deps: ValueDeps, chain: ConfiguredChain, request: EstimateRequest): Promise<Estimate>;
}

export interface ValueDeps {
  /** Each chain's family object (server/family-services.ts): here, its estimator. */
  families: (chain: ChainId) => { value: ValueEstimator };
  chains: ChainDirectory;
  balances: BalanceReader;
  /** Gas prices, to weigh each leg's gas as a quote does; without them routes are chosen on output alone. */
  priorityFees?: PriorityFeeReader;
  /** Solana's route source and mints; absent where SOL has no route configured. */
  solana?: SolanaTrading;
}

export interface ValueRequest {
  chain: ChainId;
  /** The zero address for the native coin. */
  tokenIn: string;
  tokenOut: string;
  /** tokenIn in whole-token units as exact decimal text (0.5), or the whole balance of a wallet. */
  amount: { decimal: string } | { balanceOf: string };
  /** The fee model applied, as a quote would. */
  fees: FeeSplit;
}

export interface ValueEstimate {
  /** Raw units of tokenIn priced, and its decimals. */
  amountIn: bigint;
  decimalsIn: number;
  /** Raw units of tokenOut it would fetch, and its decimals. */
  amountOut: bigint;
  decimalsOut: number;
  /** Sum of the route's pool fees, percent. */
  cumulativePoolFee: number;
  /** USD value of the output, where a price for it is known. */
  outputValueUsd: number | null;
}

export type Estimate = Omit<ValueEstimate, 'amountIn' | 'decimalsIn'>;

export interface EstimateRequest {
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  decimalsIn: number;
  fees: FeeSplit;
}

export async function estimateValue(deps: ValueDeps, request: ValueRequest): Promise<ValueEstimate> {
  const chain = deps.chains[request.chain];
  const estimator = deps.families(request.chain).value;
  const { tokenIn, tokenOut } = request;
  let amountIn: bigint;
  let decimalsIn: number;
  if ('balanceOf' in request.amount) {
    const held = await deps.balances.read(request.chain, request.amount.balanceOf, tokenIn === NATIVE_TOKEN_ADDRESS ? undefined : tokenIn);
    amountIn = held.balance;
    decimalsIn = held.decimals;
    if (amountIn === 0n) throw new AppError('INSUFFICIENT_BALANCE', 'The trader holds none of the token to price; give amount instead.', { field: 'trader' });
  } else {
    decimalsIn = tokenIn === NATIVE_TOKEN_ADDRESS ? chain.info.nativeDecimals : await estimator.decimals(deps, chain, tokenIn);
    amountIn = parseUnits(request.amount.decimal, decimalsIn);
    if (amountIn === 0n) throw new AppError('INVALID_INPUT', `amount: is smaller than one unit of the token (${decimalsIn} decimals).`, { field: 'amount' });
  }
  const result = await estimator.estimate(deps, chain, { tokenIn, tokenOut, amountIn, decimalsIn, fees: request.fees });
  return { ...result, amountIn, decimalsIn };
}

export function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
