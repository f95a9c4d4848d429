/**
 * The v1 and v2 execute endpoints, track and history: verify the quote id, hand the signed transactions to
 * the chain family's executor and shape its outcome for the API version.
 */
import type { Hex } from 'viem';
import type { z } from 'zod';
import type {
  tradeHistoryInput, tradeHistoryOutput, v1ExecuteInput, v1ExecuteOutput, v2ExecuteInput, v2ExecuteOutput, v2TrackInput,
} from '@/server/api/contract/trading';
import type { Principal } from '@/server/auth/authenticate';
import { CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { Services } from '@/server/services';
import { executeEvmTrade, trackEvmTrade, type EvmExecuteDeps, type TradeOutcome } from './evm/evm-execute';
import { verifyQuoteId, type QuoteClaims } from './quote-id';
import { executeSolanaTrade } from './solana/solana-execute';
import { tradeFailure } from './trade-failures';

type ExecuteServices = Pick<Services, 'chains' | 'trades' | 'background' | 'logger' | 'appSecret' | 'balances' | 'solana'>;

/** What execute hands to a chain family: the signed transactions as the request named them. */
interface SignedTrade {
  owner: string;
  claims: QuoteClaims;
  trade: string;
  approve?: string;
  extra?: string;
  mev: boolean;
  simulation: boolean;
  reward?: string;
}

/** Each chain family's executor behind one signature: callers never branch on chain names. */
const EXECUTORS: Record<ChainFamily, (services: ExecuteServices, chain: ChainId, trade: SignedTrade) => Promise<TradeOutcome>> = {
  evm: (services, chain, trade) => executeEvmTrade(evmDeps(services, chain), {
    ...trade, trade: trade.trade as Hex, approve: trade.approve as Hex | undefined, extra: trade.extra as Hex | undefined,
  }),
  solana: (services, chain, trade) => {
    if (!services.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Trading is not set up on SOL on this server.');
    for (const field of ['approve', 'extra'] as const) {
      if (trade[field]) throw tradeFailure('TX_MISMATCH', `Solana trades are one transaction: leave ${field} out`, field);
    }
    return executeSolanaTrade(
      { chain: services.chains[chain], trading: services.solana, balances: services.balances, trades: services.trades, logger: services.logger },
      { owner: trade.owner, claims: trade.claims, trade: trade.trade, simulation: trade.simulation },
    );
  },
};

export function ownerOf(principal: Principal | undefined): string {
  return principal ? `${principal.kind}:${principal.id}` : 'anonymous';
}

export async function executeV2(services: ExecuteServices, principal: Principal | undefined, input: z.output<typeof v2ExecuteInput>): Promise<z.input<typeof v2ExecuteOutput>> {
  const claims = claimsFor(services, input.quoteId, input.chain, 'chain');
  const outcome = await EXECUTORS[CHAINS[input.chain].family](services, input.chain, {
    owner: ownerOf(principal), claims, trade: input.trade, approve: input.approve, extra: input.extra,
    mev: input.mev, simulation: input.simulation, reward: input.reward,
  });
  return v2Result(outcome);
}

export async function executeV1(services: ExecuteServices, principal: Principal | undefined, input: z.output<typeof v1ExecuteInput>): Promise<z.input<typeof v1ExecuteOutput>> {
  const claims = claimsFor(services, input.quoteId, input.network, 'network');
  const outcome = await EXECUTORS[CHAINS[input.network].family](services, input.network, {
    owner: ownerOf(principal), claims, trade: input.trade, approve: input.approve, mev: input.mev, simulation: input.simulation,
  });
  return {
    success: outcome.status === 'SUCCESS',
    status: outcome.status,
    txRes: {
      traderAddress: outcome.claims.trader,
      fromToken: outcome.claims.tokenIn,
      toToken: outcome.claims.tokenOut,
      received: outcome.received,
      spent: outcome.spent,
      txHash: outcome.txHash,
      network: input.network,
    },
    error: outcome.error,
  };
}

export async function trackV2(services: ExecuteServices, principal: Principal | undefined, input: z.output<typeof v2TrackInput>): Promise<z.input<typeof v2ExecuteOutput>> {
  // A wallet may confirm after the quote's 30 s: track only observes, so an expired quote still identifies it.
  if (CHAINS[input.chain].family !== 'evm') {
    throw new AppError('INVALID_INPUT', 'chain: track is for EVM wallets that send transactions themselves; Solana wallets sign, so use /api/v2/execute.', { field: 'chain' });
  }
  const claims = claimsFor(services, input.quoteId, input.chain, 'chain', { allowExpired: true });
  const outcome = await trackEvmTrade(evmDeps(services, input.chain), { owner: ownerOf(principal), claims, txHash: input.txHash as Hex });
  return v2Result(outcome);
}

export async function tradeHistoryFor(services: Pick<Services, 'trades'>, principal: Principal | undefined, input: z.output<typeof tradeHistoryInput>): Promise<z.input<typeof tradeHistoryOutput>> {
  const rows = await services.trades.history({ owner: ownerOf(principal), wallet: input.wallet, chain: input.chain, limit: input.limit ?? 20 });
  return {
    success: true,
    trades: rows.map((row) => ({
      id: row.id,
      chain: row.chain,
      version: row.api,
      wallet: row.wallet,
      tokenIn: row.token_in,
      tokenOut: row.token_out,
      amountIn: row.amount_in,
      amountOut: row.amount_out,
      spent: row.spent,
      received: row.received,
      status: row.status,
      parsedError: row.parsed_error,
      txHash: row.tx_hash,
      explorerUrl: row.explorer_url,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

function v2Result(outcome: TradeOutcome): z.input<typeof v2ExecuteOutput> {
  return {
    success: outcome.status === 'SUCCESS',
    status: outcome.status,
    txRes: { txHash: outcome.txHash, explorerUrl: outcome.explorerUrl, spent: outcome.spent, received: outcome.received },
    parsedError: outcome.parsedError,
  };
}

function claimsFor(services: ExecuteServices, quoteId: string, chain: ChainId, field: string, options: { allowExpired?: boolean } = {}): QuoteClaims {
  const claims = verifyQuoteId(services.appSecret, quoteId, options.allowExpired ? 0 : Date.now());
  if (claims.chain !== chain) throw tradeFailure('TX_MISMATCH', `the quote is for ${claims.chain}, not ${chain}`, field);
  return claims;
}

function evmDeps(services: ExecuteServices, chain: ChainId): EvmExecuteDeps {
  return { chain: services.chains[chain], trades: services.trades, logger: services.logger, kickBackground: () => services.background.kick() };
}
