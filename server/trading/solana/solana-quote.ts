/**
 * The Solana quote: the route source prices the leg and gives its instructions; this wraps them into one
 * v0 transaction with the user as fee payer: compute-unit limit (from a simulation, with margin) and price
 * (per priority level), the protocol and integrator fees (on the SOL side when there is one, else on the
 * input mint), and the venue's transfers. No approval ever. A stateless quote id commits to the message.
 */
import { createHash } from 'node:crypto';
import { address, type Address, type ReadonlyUint8Array } from '@solana/kit';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS } from '@/server/chains/registry';
import { LAMPORTS_PER_SIGNATURE } from '@/server/chains/solana/programs';
import { wireTransaction } from '@/server/chains/solana/transactions';
import { AppError } from '@/server/errors';
import type { LevelFees, PriorityLevel } from '@/server/chains/fee-levels';
import { SOL_SENTINEL, type SolanaRoute } from '@/server/venues/solana/route-source';
import { solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { BPS } from '@/server/fees/fee-model';
import { issueQuoteId, QUOTE_TTL_MS } from '../quote-id';
import type { SwapQuote, SwapRequest } from '../swap-types';
import { priceWithFees, type PricedRoute } from './solana-quote-fees';
import { buildTransaction, TooLargeForOnePacket, type BuiltTransaction } from './solana-quote-transaction';
import { inputUsd, outputUsd, usd } from './solana-quote-usd';

export interface SolanaQuoteDeps {
  chain: ConfiguredChain;
  trading: SolanaTrading;
  balances: BalanceReader;
  fees: { read(chain: 'SOL'): Promise<Record<PriorityLevel, LevelFees>> };
  secret: string;
  now?: () => number;
}

const SOL_DECIMALS = CHAINS.SOL.nativeDecimals;
/** SOL kept back from a share of the balance: fees, and rent for the token accounts the trade may open. */
const SOL_RESERVE = 10_000_000n;

/** The hash a quote id commits to: the message the user signs. */
export function messageHash(message: Uint8Array | ReadonlyUint8Array): string {
  return createHash('sha256')
    .update(message as Uint8Array)
    .digest('hex');
}

export async function quoteSolanaSwap(deps: SolanaQuoteDeps, request: SwapRequest): Promise<SwapQuote> {
  const user = address(request.trader);
  const [amountIn, levels, decimalsIn, decimalsOut] = await Promise.all([
    resolveAmount(deps, request),
    deps.fees.read('SOL'),
    decimalsOf(deps, request.tokenIn),
    decimalsOf(deps, request.tokenOut),
  ]);
  const unitPrice = levels[request.priority].maxPriorityFeePerGas;
  const { priced, built } = await priceAndBuild(deps, request, { user, amountIn, unitPrice });
  const expiresAt = (deps.now ?? Date.now)() + QUOTE_TTL_MS;
  const amountOut = priced.outputFees.net;
  const quoteId = solanaQuoteId(deps, request, { priced, built, amountIn, decimalsIn, decimalsOut, expiresAt });

  const { fees, route } = priced;
  const nativeIn = request.tokenIn === SOL_SENTINEL;
  const nativeOut = request.tokenOut === SOL_SENTINEL;
  // The route came from the venue a moment ago: a price it fails to give now leaves the USD figures unknown
  // (0) rather than refusing a trade that can be signed.
  const solUsd = await solUsdPrice(deps).catch(() => 0);
  const signatures = BigInt(Object.keys(built.transaction.signatures).length);
  const networkLamports = LAMPORTS_PER_SIGNATURE * signatures + (BigInt(built.unitLimit) * BigInt(unitPrice)) / 1_000_000n;
  const feeOnOutput = !nativeIn && nativeOut;
  return {
    amountIn,
    amountOut,
    // What the signed transaction enforces: the venue's own minimum, less the fixed fee transfers that follow
    // it when fees come from the output. The maker pays a fixed amount (its minimum is its quote), so there
    // amountOutMin equals amountOut whatever the slippage.
    amountOutMin: route.minAmountOut - (feeOnOutput ? fees.protocolFee + fees.integratorFee : 0n),
    route: [
      { share: 1_000_000, hops: [{ venue: route.venue, pool: routePool(deps, route), tokenIn: request.tokenIn, tokenOut: request.tokenOut, fee: 3000 }] },
    ],
    simulated: built.simulated,
    priceImpactPercent: Math.round(route.priceImpactPercent * 10_000) / 10_000,
    tradeGasLimit: BigInt(built.unitLimit),
    protocolFee: fees.protocolFee,
    integratorFee: fees.integratorFee,
    feeToken: nativeIn || nativeOut ? SOL_SENTINEL : request.tokenIn,
    valueAmountInUsd: await inputUsd(deps.trading, request, { amountIn, amountOut, fees, decimalsIn, decimalsOut, solUsd }),
    valueAmountOutUsd: await outputUsd(deps.trading, request, { amountOut, decimalsOut, solUsd }),
    gasCostUsd: usd(networkLamports, solUsd),
    txCostUsd: usd(networkLamports, solUsd),
    taxes: { buyTax: 0, sellTax: 0, transferTax: 0 },
    decimalsIn,
    decimalsOut,
    transactions: { trade: wireTransaction(built.transaction) },
    quoteId,
    expiresAt,
  };
}

/**
 * The accounts a Jupiter route may use, tried in turn (its documentation: start at 64 and lower it when the
 * instructions added around the swap push the transaction past one packet; fewer accounts can mean a worse
 * route or none). The maker's routes are small and never asked again.
 */
export const MAX_ACCOUNTS_STEPS = [64, 48, 32] as const;

async function priceAndBuild(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  figures: { user: Address; amountIn: bigint; unitPrice: bigint },
): Promise<{ priced: PricedRoute; built: BuiltTransaction }> {
  for (const maxAccounts of MAX_ACCOUNTS_STEPS) {
    const priced = await priceWithFees(deps, request, figures.user, figures.amountIn, maxAccounts);
    try {
      return { priced, built: await buildTransaction(deps.chain, request, figures.user, priced, figures.unitPrice) };
    } catch (error) {
      if (!(error instanceof TooLargeForOnePacket)) throw error;
      if (priced.route.venue !== 'JUPITER') throw new AppError('NO_ROUTE', 'The route uses more accounts than one Solana transaction can carry.');
    }
  }
  throw new AppError(
    'NO_ROUTE',
    `Even with at most ${MAX_ACCOUNTS_STEPS.at(-1)} accounts, the route does not fit one Solana transaction. Try a smaller amount or another pair.`,
  );
}

/** The quote id commits to the message the user signs and to what the maker's last look compares. */
function solanaQuoteId(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  quote: { priced: PricedRoute; built: BuiltTransaction; amountIn: bigint; decimalsIn: number; decimalsOut: number; expiresAt: number },
): string {
  const { priced, built } = quote;
  return issueQuoteId(deps.secret, {
    v: 1,
    channel: request.channel,
    chain: 'SOL',
    trader: request.trader,
    exp: quote.expiresAt,
    txs: [{ role: 'trade', hash: messageHash(built.transaction.messageBytes), nonce: 0 }],
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn: quote.amountIn.toString(),
    amountOut: priced.outputFees.net.toString(),
    decimalsIn: quote.decimalsIn,
    decimalsOut: quote.decimalsOut,
    side: request.side,
    solana: {
      venue: priced.route.venue,
      venueAmountIn: priced.inputFees.net.toString(),
      venueAmountOut: priced.route.amountOut.toString(),
      slippageBps: request.slippageBps,
      lastValidBlockHeight: built.lastValidBlockHeight,
    },
  });
}

function routePool(deps: SolanaQuoteDeps, route: SolanaRoute): string {
  return route.venue === 'MAKER' && deps.trading.maker ? deps.trading.maker.address : route.venue;
}

async function decimalsOf(deps: SolanaQuoteDeps, token: string): Promise<number> {
  return token === SOL_SENTINEL ? SOL_DECIMALS : (await deps.trading.mints.info(token)).decimals;
}

async function resolveAmount(deps: SolanaQuoteDeps, request: SwapRequest): Promise<bigint> {
  if ('raw' in request.amount) return request.amount.raw;
  const nativeIn = request.tokenIn === SOL_SENTINEL;
  const { balance } = await deps.balances.read('SOL', request.trader, nativeIn ? undefined : request.tokenIn);
  let amount = (balance * BigInt(request.amount.balanceBps)) / BigInt(BPS);
  if (nativeIn && amount > balance - SOL_RESERVE) amount = balance - SOL_RESERVE;
  if (amount <= 0n) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `The trader's balance of tokenIn${nativeIn ? ', less what fees and rent will cost,' : ''} is nothing to trade at ${request.amount.balanceBps / 100}%.`,
      { field: 'amount' },
    );
  }
  return amount;
}
