/** The Solana family's trading engine: the maker or Jupiter route (the shape: ../trading-engines.ts). */
import { AppError } from '@/server/errors';
import { tradeFailure } from '@/server/trade-failures';
import type { TradingEngine } from '../trading-engines';
import { executeSolanaTrade } from './solana-execute';
import { estimateSolanaInput } from './solana-exact-output';
import { quoteSolanaSwap } from './solana-quote';

export const solanaTradingEngine: TradingEngine = {
  exactOutput: 'minimum',
  quote: (deps, chain, request) => {
    if (!deps.solana || !deps.balances)
      throw new AppError('CHAIN_UNAVAILABLE', 'Trading is not set up on SOL on this server: no maker or Jupiter route is configured.');
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
};
