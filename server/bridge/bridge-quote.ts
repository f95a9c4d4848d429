/**
 * Bridge quotes: the deposit (a bridge asset, or any token swapped into one in the deposit's own transaction,
 * see bridge-route.ts) priced into the recipient's token on the destination chain, less the solver's fee and
 * the fill's gas. The request is stored at quote time with what the solver expects to receive and what that
 * is worth, so a deposit sent straight from a wallet (without execute) still finds its terms.
 */
import { randomBytes } from 'node:crypto';
import { formatUnits } from 'viem';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { BPS } from '@/server/fees/fee-model';
import { priceImpactWarnings, type QuoteWarning } from '@/server/trading/quote-warnings';
import type { BridgeChain, BridgeToken } from './bridge-chain';
import { bridgeChain, type BridgeDeps } from './bridge-deps';
import { findAsset } from './bridge-assets';
import { isNativeToken, type RouteLeg } from './bridge-route-legs';
import { priceRoute, type PricedRoute } from './bridge-route';
import { depthWaitMs } from './deposit-depth';
import { DEPOSITORY_SELECTORS } from './evm/evm-bridge-tokens';
import { priceOnlyTrader } from '@/server/trading/price-only';
import type { ApprovalSize } from '@/server/trading/swap-types';

export interface BridgeQuoteRequest {
  source: ChainId;
  destination: ChainId;
  /** Raw units of tokenIn. */
  amount: bigint;
  /** Source-chain token deposited, and destination-chain token received: the native coin when absent. */
  tokenIn?: string;
  tokenOut?: string;
  /** The depositing wallet; without it the quote is price-only (no deposit built, no request stored). */
  trader?: string;
  /** Who is paid on the destination chain; the trader when left out. */
  recipient?: string;
  slippageBps?: number;
  /** The size of an approval the deposit needs (the maximum by default). */
  approval?: ApprovalSize;
}

export interface BridgeQuote {
  /** Price-only quotes (no trader) build no deposit and store no request: empty requestId and deposit. */
  priceOnly: boolean;
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
  /** The bridge asset that reaches the solver, how much of it the quote expects, and the least a source swap may bring. */
  depositToken: BridgeToken;
  depositAmount: bigint;
  depositMin: bigint | undefined;
  /** What the recipient gets when a destination swap can no longer pay minAmountOut at fill time; undefined without one. */
  swapFallback: 'refund' | undefined;
  warnings: QuoteWarning[];
  source: ChainId;
  destination: ChainId;
  /** Undefined on a price-only quote that named no recipient. */
  recipient: string | undefined;
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

/** 32 random bytes; never beginning with a Depository function's selector (a native deposit's calldata is its requestId). */
function newRequestId(): string {
  for (;;) {
    const id = `0x${randomBytes(32).toString('hex')}`;
    if (!DEPOSITORY_SELECTORS.some((selector) => id.startsWith(selector))) return id;
  }
}

async function resolveTokens(source: BridgeChain, destination: BridgeChain, request: BridgeQuoteRequest): Promise<[BridgeToken, BridgeToken]> {
  return Promise.all([
    source.describeToken(request.tokenIn ?? NATIVE_TOKEN_ADDRESS, 'tokenIn'),
    destination.describeToken(request.tokenOut ?? NATIVE_TOKEN_ADDRESS, 'tokenOut'),
  ]);
}

interface SignableDeposit {
  deposit: string;
  approve: string | undefined;
  /** A swap-and-deposit's call, hashed: what the signed deposit is checked against. */
  callHash: string | undefined;
}

/** The plain deposit of a bridge asset: it does not depend on the rate, so it is built while the route is priced. */
async function directDeposit(
  source: BridgeChain,
  token: BridgeToken,
  input: { trader: string; amount: bigint; requestId: string; approval: ApprovalSize },
): Promise<SignableDeposit> {
  if (isNativeToken(token)) return { deposit: await source.buildDeposit(input), approve: undefined, callHash: undefined };
  const { deposit, approve } = await source.buildTokenDeposit({ ...input, token: token.address });
  return { deposit, approve, callHash: undefined };
}

/** The deposit the trader signs: the plain one built meanwhile, or the priced source swap made a swap-and-deposit. */
async function signableDeposit(
  source: BridgeChain,
  route: PricedRoute,
  requestId: string,
  direct: Promise<SignableDeposit> | undefined,
): Promise<SignableDeposit> {
  const { swap } = route.deposit;
  if (!swap) return direct!;
  const { deposit, approve, callHash } = source.buildSwapDeposit({ requestId, trade: swap.trade, approve: swap.approve });
  return { deposit, approve, callHash };
}

export async function quoteBridge(deps: BridgeDeps, owner: string, request: BridgeQuoteRequest): Promise<BridgeQuote> {
  const now = (deps.now ?? Date.now)();
  const source = bridgeChain(deps, request.source, 'source');
  const destination = bridgeChain(deps, request.destination, 'destination');
  const terms = quoteTerms(request);
  const { priceOnly, trader, recipient, slippageBps, approval } = terms;
  const amountIn = request.amount;
  const [tokenIn, tokenOut] = await resolveTokens(source, destination, request);
  const requestId = priceOnly ? '' : newRequestId();
  const direct =
    !priceOnly && findAsset(source.assets, tokenIn.address) ? directDeposit(source, tokenIn, { trader, amount: amountIn, requestId, approval }) : undefined;
  direct?.catch(() => undefined);
  const [priced, cursor] = await Promise.all([
    priceRoute(deps, {
      source,
      destination,
      tokenIn,
      tokenOut,
      amountIn,
      trader,
      recipient: recipient ?? priceOnlyTrader(request.destination),
      slippageBps,
      priceOnly,
      approval,
    }),
    // A price-only quote stores nothing, so it needs no deposit scan cursor.
    priceOnly ? undefined : deps.requests.cursor(request.source),
  ]);
  const feeAmount = (amountIn * BigInt(deps.feeBps)) / BigInt(BPS);
  const seconds = estimatedSeconds(request.source, request.destination, source.confirmations);
  const expiresAt = now + deps.quoteTtlMs;
  const signable: SignableDeposit = priceOnly
    ? { deposit: '', approve: undefined, callHash: undefined }
    : await recordRequest(deps, source, cursor, direct, {
        requestId,
        owner,
        request: { ...request, trader },
        recipient: recipient!,
        tokenIn,
        tokenOut,
        priced,
        feeAmount,
        seconds,
        expiresAt,
        slippageBps,
      });
  return quoteAnswer(request, terms, { requestId, signable, tokenIn, tokenOut, priced, feeAmount, seconds, expiresAt });
}

interface QuoteTerms {
  priceOnly: boolean;
  trader: string;
  recipient: string | undefined;
  slippageBps: number;
  approval: ApprovalSize;
}

/** The request's terms with their defaults: no trader makes a price-only quote, priced for a stand-in wallet. */
function quoteTerms(request: BridgeQuoteRequest): QuoteTerms {
  return {
    priceOnly: request.trader === undefined,
    trader: request.trader ?? priceOnlyTrader(request.source),
    recipient: request.recipient ?? request.trader,
    slippageBps: request.slippageBps ?? DEFAULT_SLIPPAGE_BPS,
    approval: request.approval ?? 'unlimited',
  };
}

/** A signable quote: the deposit the trader signs, the chain's deposit scan started on its first quote, the request stored. */
async function recordRequest(
  deps: BridgeDeps,
  source: BridgeChain,
  cursor: string | undefined,
  direct: Promise<SignableDeposit> | undefined,
  quote: Omit<StoredQuote, 'callHash' | 'approvalQuoted'>,
): Promise<SignableDeposit> {
  const signable = await signableDeposit(source, quote.priced, quote.requestId, direct);
  // The first quote on a chain fixes where its deposit scan starts, before any deposit for it can exist.
  if (cursor === undefined) await deps.requests.initCursor(quote.request.source, (await source.scanDeposits(undefined)).cursor);
  await storeRequest(deps, { ...quote, callHash: signable.callHash, approvalQuoted: signable.approve !== undefined });
  return signable;
}

/** The quote as answered: the priced route's figures, its price impact and warnings. */
function quoteAnswer(
  request: BridgeQuoteRequest,
  terms: QuoteTerms,
  quote: {
    requestId: string;
    signable: SignableDeposit;
    tokenIn: BridgeToken;
    tokenOut: BridgeToken;
    priced: PricedRoute;
    feeAmount: bigint;
    seconds: number;
    expiresAt: number;
  },
): BridgeQuote {
  const { signable, priced } = quote;
  const { usdIn, usdOut } = priced;
  return {
    priceOnly: terms.priceOnly,
    requestId: quote.requestId,
    deposit: signable.deposit,
    approve: signable.approve,
    source: request.source,
    destination: request.destination,
    recipient: terms.recipient,
    tokenIn: quote.tokenIn,
    tokenOut: quote.tokenOut,
    route: priced.legs,
    payout: priced.payout,
    swapAmountIn: priced.swapAmountIn,
    depositToken: priced.deposit.token,
    depositAmount: priced.deposit.expected,
    depositMin: priced.deposit.min,
    swapFallback: priced.payout === 'swap' ? 'refund' : undefined,
    amountIn: request.amount,
    feeAmount: quote.feeAmount,
    amountOut: priced.amountOut,
    minAmountOut: priced.minAmountOut,
    destinationGas: priced.destinationGas,
    usdIn,
    usdOut,
    priceImpactPercent: usdIn > 0 ? Math.round(((usdIn - usdOut) / usdIn) * 100 * 10_000) / 10_000 : 0,
    estimatedSeconds: quote.seconds,
    expiresAt: quote.expiresAt,
    warnings: [...priceImpactWarnings(usdIn > 0 ? ((usdIn - usdOut) / usdIn) * 100 : 0), ...priced.warnings],
  };
}

interface StoredQuote {
  requestId: string;
  owner: string;
  request: BridgeQuoteRequest & { trader: string };
  recipient: string;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  priced: PricedRoute;
  feeAmount: bigint;
  seconds: number;
  expiresAt: number;
  slippageBps: number;
  callHash: string | undefined;
  approvalQuoted: boolean;
}

async function storeRequest(deps: BridgeDeps, quote: StoredQuote): Promise<void> {
  const { priced, tokenIn, tokenOut, request } = quote;
  const tokenBridge = !isNativeToken(tokenIn) || !isNativeToken(tokenOut);
  await deps.requests.insert({
    id: quote.requestId,
    owner: quote.owner,
    sourceChain: request.source,
    destinationChain: request.destination,
    trader: request.trader,
    recipient: quote.recipient,
    amountIn: request.amount,
    amountOut: priced.amountOut,
    minAmountOut: priced.minAmountOut,
    feeAmount: quote.feeAmount,
    estimatedSeconds: quote.seconds,
    expiresAt: new Date(quote.expiresAt),
    ...(tokenBridge && {
      tokens: {
        tokenIn: isNativeToken(tokenIn) ? null : tokenIn.address,
        tokenOut: isNativeToken(tokenOut) ? null : tokenOut.address,
        payout: priced.payout,
        swapAmountIn: priced.swapAmountIn ?? null,
        route: serializeRoute(priced.legs),
      },
    }),
    economics: {
      depositAsset: isNativeToken(priced.deposit.token) ? null : priced.deposit.token.address,
      depositExpected: priced.deposit.expected,
      depositMin: priced.deposit.min ?? null,
      grossOut: priced.grossOut,
      gasOut: priced.gasOut,
      slippageBps: quote.slippageBps,
      usdValue: priced.usdIn,
      fillGasLimit: priced.fillGasLimit ?? null,
      depositCallHash: quote.callHash ?? null,
      approvalQuoted: quote.approvalQuoted,
    },
  });
}

/** The route as stored with the request (amounts as strings), for the status details. */
export function serializeRoute(legs: RouteLeg[]): string {
  return JSON.stringify(legs, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
