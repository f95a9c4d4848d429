/**
 * The unsigned transactions of a quote, in nonce order, and what the quote id commits to for each: the
 * Router call of the chosen route, and the approval (and USDT-style reset) the plan calls for.
 */
import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { LevelFees } from '@/server/chains/fee-levels';
import type { ChosenRoute } from '@/server/routing/choose-route';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { routerLeg, type LensResult } from '@/server/routing/lens-client';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { BPS, type FeeSplit } from '@/server/fees/fee-model';
import type { QuoteClaims } from '../quote-id';
import type { ApprovalOrder, ApprovalSize } from '../swap-types';
import { tradeFailure } from '@/server/trade-failures';
import type { PreTrade } from './pre-trade';
import { callHash, serializeUnsigned, unsignedTxHash, type UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';
import { INTRINSIC_GAS, tradeGasLimit, withMargin } from '@/server/routing/gas-limit';
import { calldataGas, txFees } from './quote-costs';
import { planTransactions, type PlannedTx, type TransactionPlan } from './transaction-plan';

export interface TradeTerms {
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  slippageBps: number;
  fees: FeeSplit;
  integrator: Address;
  approval: { token: Address; order: ApprovalOrder; size?: ApprovalSize } | undefined;
  approvalReset: 'extra' | 'refuse';
  /** Who receives tokenOut; the trader when absent. */
  recipient?: Address;
  /** An exact-output trade (`swapExactOut`): exactly `amountOut` delivered, at most `amountInMax` spent. */
  exactOut?: ExactOutTerms;
}

export interface ExactOutTerms {
  amountOut: bigint;
  amountInMax: bigint;
}

export interface QuoteTransactions {
  trade: UnsignedEvmTx;
  amountOutMin: bigint;
  /** Serialized: `pretrade` (a strategy token's permit) or `reset` goes out as v2 `extra`. */
  hex: { trade: Hex; approve?: Hex; reset?: Hex; pretrade?: Hex };
  /** Each transaction's hash (and the trade's call hash), in sending order. */
  claims: QuoteClaims['txs'];
  /** How many approval-type transactions (reset, approve) the quote carries, for their gas cost. */
  approvals: number;
}

/** How long the signed trade stays executable on chain (the Router's deadline); the quote id expires sooner. */
const DEADLINE_SECONDS = 600n;
/**
 * Floor of an approval's gas limit. The lens measures approvals inside one call, where a reset-then-approve
 * writes the same slot twice (the second write is nearly free); alone on chain, 0 to max costs ~46k.
 */
const APPROVAL_MIN_GAS = 70_000n;
/** Floor of a pre-trade transaction's gas limit (a permit or a fee credit: one storage write from zero and an event). */
const PRE_TRADE_MIN_GAS = 80_000n;

/**
 * The Router call: `swap` of `amountIn` with the slippage's minimum, or for an exact output `swapExactOut` of
 * exactly the amount asked, bounded by its `amountInMax` (the minimum is then the amount itself).
 */
export function tradeCallData(terms: TradeTerms, route: ChosenRoute, amountIn: bigint, nowMs: number): { data: Hex; amountOutMin: bigint } {
  const common = {
    tokenIn: terms.tokenIn,
    tokenOut: terms.tokenOut,
    recipient: terms.recipient ?? terms.trader,
    deadline: BigInt(Math.floor(nowMs / 1000)) + DEADLINE_SECONDS,
    legs: route.candidate.legs.map(routerLeg),
    protocolFeeBps: terms.fees.protocolBps,
    integratorFeeBps: terms.fees.integratorBps,
    integrator: terms.integrator,
  };
  if (terms.exactOut) {
    const { amountOut, amountInMax } = terms.exactOut;
    // Each leg is asked for the part of the output it delivers at the quote's split.
    const legs = route.candidate.legs.map((leg) => routerLeg({ ...leg, share: leg.outputShare ?? leg.share }));
    return {
      data: encodeFunctionData({ abi: routerAbi, functionName: 'swapExactOut', args: [{ ...common, legs, amountOut, amountInMax }] }),
      amountOutMin: amountOut,
    };
  }
  const amountOutMin = (route.amountOut * BigInt(BPS - terms.slippageBps)) / BigInt(BPS);
  return { data: encodeFunctionData({ abi: routerAbi, functionName: 'swap', args: [{ ...common, amountIn, amountOutMin }] }), amountOutMin };
}

/**
 * What the approval before the trade allows: the maximum, or exactly what the trade may take (an exact
 * output's bound). A buy's approval after the trade is for a later sell of unknown size: always the maximum.
 */
export function approvalAmount(terms: Pick<TradeTerms, 'approval' | 'exactOut'>, amountIn: bigint): bigint {
  if (terms.approval?.size !== 'exact' || terms.approval.order !== 'approve-then-trade') return maxUint256;
  return terms.exactOut?.amountInMax ?? amountIn;
}

/** What the trade transaction carries: the native input, or for an exact output its bound (the rest comes back). */
export function tradeValue(terms: Pick<TradeTerms, 'tokenIn' | 'exactOut'>, amountIn: bigint): bigint {
  if (terms.tokenIn !== NATIVE_TOKEN_ADDRESS) return 0n;
  return terms.exactOut?.amountInMax ?? amountIn;
}

type PreTradeNeeded = PreTrade & { gas: bigint };
type QuoteState = { lens: LensResult; nonce: number; fees: LevelFees; preTradesNeeded?: PreTradeNeeded[] };
type PlannedBefore = { role: PlannedTx['role']; tx: UnsignedEvmTx };

export function buildQuoteTransactions(
  chain: ConfiguredChain,
  terms: TradeTerms,
  state: QuoteState,
  route: ChosenRoute,
  amountIn: bigint,
  nowMs: number,
): QuoteTransactions {
  const { lens } = state;
  const router = chain.routerAddress as Address;
  const preTrades = state.preTradesNeeded ?? [];
  const approvedAmount = approvalAmount(terms, amountIn);
  const plan = plannedTransactions(terms, state, preTrades, approvedAmount, router);
  const fees = txFees(chain, state.fees);
  const approvalTx = (nonce: number, amount: bigint) => approvalTransaction(chain, terms.approval!.token, lens, fees, nonce, amount);
  const { data, amountOutMin } = tradeCallData(terms, route, amountIn, nowMs);
  const trade: UnsignedEvmTx = {
    chainId: chain.info.chainId,
    nonce: plan.tradeNonce,
    gas: tradeGasLimit(route.gasUsed, calldataGas(data)),
    to: router,
    value: tradeValue(terms, amountIn),
    data,
    fees,
  };
  const before = plan.before.map((entry) => ({
    role: entry.role,
    tx:
      entry.role === 'pretrade'
        ? preTradeTransaction(chain, preTrades[0]!, fees, entry.nonce)
        : approvalTx(entry.nonce, entry.role === 'reset' ? 0n : approvedAmount),
  }));
  const after = plan.after ? approvalTx(plan.after.nonce, maxUint256) : undefined;
  return assembleQuote(trade, amountOutMin, before, after);
}

/** The transactions the trade needs around it, in nonce order; a need the quote cannot carry is refused with what the wallet must do. */
function plannedTransactions(
  terms: TradeTerms,
  state: QuoteState,
  preTrades: PreTradeNeeded[],
  approvedAmount: bigint,
  router: Address,
): Extract<TransactionPlan, { ok: true }> {
  const { lens } = state;
  if (preTrades.length > 1) {
    throw tradeFailure(
      'APPROVAL_REQUIRED',
      `this trade needs ${preTrades.length} transactions first and a quote carries one: ${preTrades[1]!.description} from the wallet first`,
    );
  }
  const plan = planTransactions({
    nonce: state.nonce,
    approval: terms.approval,
    required: approvedAmount,
    allowance: terms.approval ? (terms.approval.token === terms.tokenIn ? lens.allowanceIn : lens.approvalAllowance) : maxUint256,
    needsReset: lens.approvalNeedsReset,
    approvalReset: terms.approvalReset,
    preTrade: preTrades.length > 0,
  });
  if (!plan.ok && plan.reason === 'pretrade-refused') {
    throw tradeFailure(
      'APPROVAL_REQUIRED',
      `this trade needs a transaction of its own first: ${preTrades[0]!.description} from the wallet, or use the v2 quote, which includes it as extra`,
    );
  }
  if (!plan.ok) {
    throw tradeFailure(
      'APPROVAL_REQUIRED',
      `this token needs its allowance to the Router (${router}) set to 0 before it can be approved again; send approve(${router}, 0) from the wallet, or use the v2 quote, which includes that reset`,
    );
  }
  return plan;
}

/** An approval of the Router (a reset when `amount` is 0), its gas as the lens measured it with a floor. */
function approvalTransaction(
  chain: ConfiguredChain,
  token: Address,
  lens: LensResult,
  fees: UnsignedEvmTx['fees'],
  nonce: number,
  amount: bigint,
): UnsignedEvmTx {
  const router = chain.routerAddress as Address;
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] });
  const gas = withMargin(lens.approvalGas + INTRINSIC_GAS + calldataGas(data));
  return { chainId: chain.info.chainId, nonce, gas: gas > APPROVAL_MIN_GAS ? gas : APPROVAL_MIN_GAS, to: token, value: 0n, data, fees };
}

/** The transaction the trade needs first (a permit or a fee credit), its gas with a floor. */
function preTradeTransaction(chain: ConfiguredChain, preTrade: PreTradeNeeded, fees: UnsignedEvmTx['fees'], nonce: number): UnsignedEvmTx {
  const { target, value, data, gas: used } = preTrade;
  const gas = withMargin(used + INTRINSIC_GAS + calldataGas(data));
  return { chainId: chain.info.chainId, nonce, gas: gas > PRE_TRADE_MIN_GAS ? gas : PRE_TRADE_MIN_GAS, to: target, value, data, fees };
}

/** The quote's transactions serialized, and the claims the quote id commits to, in sending order. */
function assembleQuote(trade: UnsignedEvmTx, amountOutMin: bigint, before: PlannedBefore[], after: UnsignedEvmTx | undefined): QuoteTransactions {
  const tradeHex = serializeUnsigned(trade);
  const approveTx = before.find((entry) => entry.role === 'approve')?.tx ?? after;
  const resetTx = before.find((entry) => entry.role === 'reset')?.tx;
  const pretradeTx = before.find((entry) => entry.role === 'pretrade')?.tx;
  const claims: QuoteClaims['txs'] = before.map((entry) => ({ role: entry.role, hash: unsignedTxHash(serializeUnsigned(entry.tx)), nonce: entry.tx.nonce }));
  claims.push({ role: 'trade', hash: unsignedTxHash(tradeHex), nonce: trade.nonce, call: callHash(trade.to, trade.value, trade.data) });
  if (after) claims.push({ role: 'approve', hash: unsignedTxHash(serializeUnsigned(after)), nonce: after.nonce });
  return {
    trade,
    amountOutMin,
    hex: {
      trade: tradeHex,
      ...(approveTx ? { approve: serializeUnsigned(approveTx) } : {}),
      ...(resetTx ? { reset: serializeUnsigned(resetTx) } : {}),
      ...(pretradeTx ? { pretrade: serializeUnsigned(pretradeTx) } : {}),
    },
    claims,
    // Transactions besides the trade, priced like an approval (a permit costs about the same).
    approvals: (approveTx ? (resetTx ? 2 : 1) : 0) + (pretradeTx ? 1 : 0),
  };
}
