/**
 * Bridge quotes: the deposit (the native coin, or any token, see bridge-route.ts) priced into the
 * recipient's token on the destination chain, less the solver's fee and the fill's gas. The request is
 * stored at quote time, so a deposit sent straight from a wallet (without execute) still finds its terms.
 */
import { randomBytes } from 'node:crypto';
import { formatUnits } from 'viem';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { BPS } from '@/server/trading/fee-model';
import { priceImpactWarnings, type QuoteWarning } from '@/server/trading/quote-warnings';
import type { BridgeChain, BridgeToken } from './bridge-chain';
import { bridgeChain, type BridgeDeps } from './bridge-deps';
import { isNativeToken, priceRoute, type RouteLeg } from './bridge-route';
import { depthWaitMs } from './deposit-depth';
import { DEPOSIT_TOKEN_SELECTOR } from './evm/evm-bridge-tokens';

export interface BridgeQuoteRequest {
  source: ChainId;
  destination: ChainId;
  /** Raw units of tokenIn. */
  amount: bigint;
  /** Source-chain token deposited, and destination-chain token received: the native coin when absent. */
  tokenIn?: string;
  tokenOut?: string;
  trader: string;
  /** Who is paid on the destination chain; the trader when left out. */
  recipient?: string;
  slippageBps?: number;
}

export interface BridgeQuote {
  requestId: string;
  /** The unsigned deposit the trader signs: EVM, a serialized transaction (hex); SOL, a base64 transaction. */
  deposit: string;
  /** The approval of the depository the trader signs first (a token deposit with a short allowance). */
  approve: string | undefined;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  /** The source swap (when tokenIn is valued through the pools), the bridge, the destination swap (when paid by one). */
  route: RouteLeg[];
  payout: 'transfer' | 'swap';
  swapAmountIn: bigint | undefined;
  warnings: QuoteWarning[];
  source: ChainId;
  destination: ChainId;
  recipient: string;
  /** Raw tokenIn units sent, and the solver's fee out of them. */
  amountIn: bigint;
  feeAmount: bigint;
  /** Raw tokenOut units the recipient receives, exactly when nothing moved; less the slippage tolerance. */
  amountOut: bigint;
  minAmountOut: bigint;
  /** The fill's gas, raw destination native units (already taken from amountOut). */
  destinationGas: bigint;
  /** USD values of what is sent and what is received, as priced for this quote. */
  usdIn: number;
  usdOut: number;
  /** What the fee and the fill's gas take, percent of the value sent (the rate itself has no impact). */
  priceImpactPercent: number;
  estimatedSeconds: number;
  /** ms since epoch; a deposit confirmed later is refunded. */
  expiresAt: number;
}

const DEFAULT_SLIPPAGE_BPS = 500;
/** Seconds the solver needs between seeing a deposit and sending the fill. */
const SOLVER_SECONDS = 2;

/** The USD value of a raw amount, in dollars and cents. */
export function usdText(amount: bigint, decimals: number, usd: number): string {
  return (Number(formatUnits(amount, decimals)) * usd).toFixed(2);
}

/**
 * The deposit included and buried to the source chain's depth (`depositConfirmations` blocks: 1 is one block),
 * the solver's turn, a block to include the fill.
 */
export function estimatedSeconds(source: ChainId, destination: ChainId, depositConfirmations = 1): number {
  return Math.ceil((depthWaitMs(source, depositConfirmations) + CHAINS[destination].blockTimeMs) / 1_000) + SOLVER_SECONDS;
}

/** 32 random bytes; never beginning with depositToken's selector (a native deposit's calldata is its requestId). */
function newRequestId(): string {
  for (;;) {
    const id = `0x${randomBytes(32).toString('hex')}`;
    if (!id.startsWith(DEPOSIT_TOKEN_SELECTOR)) return id;
  }
}

async function resolveTokens(source: BridgeChain, destination: BridgeChain, request: BridgeQuoteRequest): Promise<[BridgeToken, BridgeToken]> {
  return Promise.all([
    source.describeToken(request.tokenIn ?? NATIVE_TOKEN_ADDRESS, 'tokenIn'),
    destination.describeToken(request.tokenOut ?? NATIVE_TOKEN_ADDRESS, 'tokenOut'),
  ]);
}

function buildDeposit(source: BridgeChain, input: { trader: string; amount: bigint; requestId: string; token: BridgeToken }) {
  if (isNativeToken(input.token)) return source.buildDeposit(input).then((deposit) => ({ deposit, approve: undefined as string | undefined }));
  return source.buildTokenDeposit({ ...input, token: input.token.address });
}

export async function quoteBridge(deps: BridgeDeps, owner: string, request: BridgeQuoteRequest): Promise<BridgeQuote> {
  const now = (deps.now ?? Date.now)();
  const source = bridgeChain(deps, request.source, 'source');
  const destination = bridgeChain(deps, request.destination, 'destination');
  const amountIn = request.amount;
  const recipient = request.recipient ?? request.trader;
  const slippageBps = request.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  const [tokenIn, tokenOut] = await resolveTokens(source, destination, request);

  const requestId = newRequestId();
  // The deposit does not depend on the rate: built while the route is priced.
  const depositBuilt = buildDeposit(source, { trader: request.trader, amount: amountIn, requestId, token: tokenIn });
  depositBuilt.catch(() => undefined);
  const priced = await priceRoute(deps, { source, destination, tokenIn, tokenOut, amountIn, recipient, slippageBps });
  const feeAmount = (amountIn * BigInt(deps.feeBps)) / BigInt(BPS);
  const seconds = estimatedSeconds(request.source, request.destination, source.confirmations);
  const expiresAt = now + deps.quoteTtlMs;
  const minAmountOut = (priced.amountOut * BigInt(BPS - slippageBps)) / BigInt(BPS);
  const { deposit, approve } = await depositBuilt;
  // The first quote on a chain fixes where its deposit scan starts, before any deposit for it can exist.
  if ((await deps.requests.cursor(request.source)) === undefined) {
    await deps.requests.initCursor(request.source, (await source.scanDeposits(undefined)).cursor);
  }
  const tokenBridge = !isNativeToken(tokenIn) || !isNativeToken(tokenOut);
  await deps.requests.insert({
    id: requestId, owner, sourceChain: request.source, destinationChain: request.destination, trader: request.trader, recipient,
    amountIn, amountOut: priced.amountOut, minAmountOut, feeAmount, estimatedSeconds: seconds, expiresAt: new Date(expiresAt),
    ...(tokenBridge && {
      tokens: {
        tokenIn: isNativeToken(tokenIn) ? null : tokenIn.address,
        tokenOut: isNativeToken(tokenOut) ? null : tokenOut.address,
        payout: priced.payout,
        swapAmountIn: priced.swapAmountIn ?? null,
        route: serializeRoute(priced.legs),
        // A token valued through the source pools is sold there once the fill is paid.
        sellDeposit: priced.legs[0]?.kind === 'swap' && priced.legs[0].chain === request.source,
      },
    }),
  });
  const { usdIn, usdOut } = priced;
  return {
    requestId, deposit, approve, source: request.source, destination: request.destination, recipient, tokenIn, tokenOut,
    route: priced.legs, payout: priced.payout, swapAmountIn: priced.swapAmountIn,
    amountIn, feeAmount, amountOut: priced.amountOut, minAmountOut, destinationGas: priced.destinationGas, usdIn, usdOut,
    priceImpactPercent: usdIn > 0 ? Math.round(((usdIn - usdOut) / usdIn) * 100 * 10_000) / 10_000 : 0,
    estimatedSeconds: seconds,
    expiresAt,
    warnings: [...priceImpactWarnings(usdIn > 0 ? ((usdIn - usdOut) / usdIn) * 100 : 0), ...priced.warnings],
  };
}

/** The route as stored with the request (amounts as strings), for the status details. */
export function serializeRoute(legs: RouteLeg[]): string {
  return JSON.stringify(legs, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
