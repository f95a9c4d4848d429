/**
 * The EVM quote: one JSON-RPC batch runs the QuoteLens (every candidate route priced by the real Router call
 * as the trader), reads the trader's pending nonce and native balance; fees per priority level come from the
 * per-block cache. The best route on output net of gas becomes an unsigned trade transaction (and an
 * approval when the allowance is below max) committed to by a stateless quote id.
 */
import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { batchAnswer } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import type { LevelFees, PriorityLevel } from '@/server/fees/fee-levels';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { decodeLensResult, lensCall, ZERO_ADDRESS, type LensCandidate, type LensHop, type LensResult } from '@/server/venues/evm/quote-lens';
import { EVM_VENUES } from '@/server/venues/evm/venues';
import { BPS, splitAmount, type FeeSplit } from '../fee-model';
import { issueQuoteId, QUOTE_TTL_MS, type QuoteClaims } from '../quote-id';
import { tradeFailure } from '../trade-failures';
import { callHash, serializeUnsigned, unsignedTxHash, type UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';
import { classifyRevert } from '@/server/chains/evm/revert-reasons';

import type { ApprovalOrder, SwapQuote } from '../swap-types';

export interface EvmQuoteRequest {
  channel: string;
  approvalReset: 'extra' | 'refuse';
  side: 'BUY' | 'SELL';
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  /** Raw units of tokenIn, or a share of the trader's tokenIn balance in basis points. */
  amount: { raw: bigint } | { balanceBps: number };
  slippageBps: number;
  priority: PriorityLevel;
  fees: FeeSplit;
  integrator: Address;
  /** The token approved to the Router and when: tokenIn before a sell, tokenOut after a v1 buy. */
  approval: { token: Address; order: ApprovalOrder } | undefined;
  /** Refuse to quote from pool math alone when the trade cannot be simulated. */
  requireSimulation: boolean;
}

export interface EvmQuoteDeps {
  chain: ConfiguredChain;
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees> & { baseFeePerGas: bigint | null }> };
  secret: string;
  now?: () => number;
}

/** The family-neutral quote, with the EVM route hops and hex transactions. */
export interface EvmQuote extends SwapQuote {
  route: LensHop[];
  feeToken: Address;
  transactions: { trade: Hex; approve?: Hex; reset?: Hex };
}

/** How long the signed trade stays executable on chain (the Router's deadline); the quote id expires sooner. */
const DEADLINE_SECONDS = 600n;
/** Gas margin over the simulated use: the state the trade meets can differ a little from the quote's. */
const GAS_MARGIN_PERCENT = 30n;
const INTRINSIC_GAS = 21_000n;
/**
 * Floor of an approval's gas limit. The lens measures approvals inside one call, where a reset-then-approve
 * writes the same slot twice (the second write is nearly free); alone on chain, 0 to max costs ~46k.
 */
const APPROVAL_MIN_GAS = 70_000n;
/**
 * Gas the simulation cannot see: inside the lens the pools and tokens are already warm (EIP-2929), and the
 * call runs in the latest block's time, so a V2 pair's first trade in a new block (price accumulators
 * written, 0 to non-zero on a young pair: ~44k) is missing. Unused gas is not charged.
 */
const TRADE_GAS_HEADROOM = 60_000n;
/** Uniswap V2 reserves are uint112: no pool takes more, and the lens' arithmetic stays far from overflow. */
const MAX_AMOUNT_IN = 2n ** 112n;
/** Gas kept back from a share of the native balance: above any one- or two-hop trade's gas limit. */
const NATIVE_GAS_RESERVE = 500_000n;

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => (hex === '0x' ? 0n : BigInt(hex)));
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => hex as Hex);

export async function quoteEvmSwap(deps: EvmQuoteDeps, request: EvmQuoteRequest): Promise<EvmQuote> {
  const { chain } = deps;
  const now = deps.now ?? Date.now;
  const venues = tradingVenues(chain);
  const router = chain.routerAddress as Address;
  const amountIn = await resolveAmount(deps, request);
  if (amountIn > MAX_AMOUNT_IN) {
    throw new AppError('INVALID_INPUT', 'amount: is larger than any pool can take (more than 2^112 raw units).', { field: 'amount' });
  }

  const call = lensCall(venues, {
    router,
    trader: request.trader,
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn,
    protocolFeeBps: request.fees.protocolBps,
    integratorFeeBps: request.fees.integratorBps,
    integrator: request.integrator,
    approvalToken: request.approval?.token ?? ZERO_ADDRESS,
    // Always: the simulation is how routes are priced; `requireSimulation` only refuses the pool-math fallback.
    simulate: true,
  });
  const [answers, levels] = await Promise.all([
    chain.rpc.requestBatch([
      call,
      { method: 'eth_getTransactionCount', params: [request.trader, 'pending'] },
      { method: 'eth_getBalance', params: [request.trader, 'latest'] },
    ]),
    deps.fees.read(chain.info.id),
  ]);
  if (answers[0] && !answers[0].ok) {
    // The lens itself reverted: a token that breaks ERC-20 calls, not an RPC failure.
    throw tradeFailure('SIMULATION_FAILED', answers[0].error.message);
  }
  const lens = decodeLensResult(batchAnswer(chain.info.id, 'eth_call', hexData, answers[0]));
  const nonce = Number(batchAnswer(chain.info.id, 'eth_getTransactionCount', hexQuantity, answers[1]));
  const nativeBalance = batchAnswer(chain.info.id, 'eth_getBalance', hexQuantity, answers[2]);
  const fees = levels[request.priority];

  const nativeIn = request.tokenIn === ZERO_ADDRESS;
  const heldIn = nativeIn ? nativeBalance : lens.balanceIn;
  const holdsInput = heldIn >= amountIn;
  const chosen = chooseCandidate(lens, request, fees, holdsInput);

  const expiresAt = now() + QUOTE_TTL_MS;
  const deadline = BigInt(Math.floor(now() / 1000)) + DEADLINE_SECONDS;
  const amountOutMin = (chosen.amountOut * BigInt(BPS - request.slippageBps)) / BigInt(BPS);
  const tradeData = encodeFunctionData({
    abi: routerAbi,
    functionName: 'swap',
    args: [{
      tokenIn: request.tokenIn,
      tokenOut: request.tokenOut,
      amountIn,
      amountOutMin,
      recipient: request.trader,
      deadline,
      hops: chosen.candidate.hops.map((hop) => ({ venue: hop.routerIndex, pool: hop.pool, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, fee: hop.fee })),
      protocolFeeBps: request.fees.protocolBps,
      integratorFeeBps: request.fees.integratorBps,
      integrator: request.integrator,
    }],
  });

  const approvalAllowance = request.approval
    ? (request.approval.token === request.tokenIn ? lens.allowanceIn : lens.approvalAllowance)
    : maxUint256;
  let needsApproval = request.approval !== undefined && approvalAllowance < maxUint256;
  const approveFirst = needsApproval && request.approval?.order === 'approve-then-trade';
  // USDT-style tokens refuse to go from a non-zero allowance to max: a reset to 0 goes first (v2 `extra`).
  const needsReset = needsApproval && lens.approvalNeedsReset;
  if (needsReset && !approveFirst) needsApproval = false; // the later sell's quote resets and approves
  if (needsReset && approveFirst && request.approvalReset === 'refuse') {
    throw tradeFailure('APPROVAL_REQUIRED', `this token needs its allowance to the Router (${router}) set to 0 before it can be approved again; send approve(${router}, 0) from the wallet, or use the v2 quote, which includes that reset`);
  }
  const feeFields = txFees(chain, fees);
  const approvalData = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, amount] });
  const approvalTx = (nonceValue: number, amount: bigint): UnsignedEvmTx => ({
    chainId: chain.info.chainId,
    nonce: nonceValue,
    gas: maxBig(withMargin(lens.approvalGas + INTRINSIC_GAS + calldataGas(approvalData(amount))), APPROVAL_MIN_GAS),
    to: request.approval!.token,
    value: 0n,
    data: approvalData(amount),
    fees: feeFields,
  });

  // Nonces in sending order: [reset], approve, trade for a sell; trade, approve for a v1 buy.
  const before: { role: 'reset' | 'approve'; tx: UnsignedEvmTx }[] = [];
  let next = nonce;
  if (approveFirst && needsReset) before.push({ role: 'reset', tx: approvalTx(next++, 0n) });
  if (approveFirst) before.push({ role: 'approve', tx: approvalTx(next++, maxUint256) });
  const tradeGasLimit = withMargin(chosen.gasUsed + INTRINSIC_GAS + calldataGas(tradeData)) + TRADE_GAS_HEADROOM;
  const trade: UnsignedEvmTx = {
    chainId: chain.info.chainId,
    nonce: next++,
    gas: tradeGasLimit,
    to: router,
    value: nativeIn ? amountIn : 0n,
    data: tradeData,
    fees: feeFields,
  };
  const after = needsApproval && !approveFirst ? approvalTx(next++, maxUint256) : undefined;

  const tradeHex = serializeUnsigned(trade);
  const resetHex = before.find((entry) => entry.role === 'reset');
  const approveTx = before.find((entry) => entry.role === 'approve')?.tx ?? after;
  const approveHex = approveTx ? serializeUnsigned(approveTx) : undefined;

  const ordered: QuoteClaims['txs'] = before.map((entry) => ({ role: entry.role, hash: unsignedTxHash(serializeUnsigned(entry.tx)), nonce: entry.tx.nonce }));
  ordered.push({ role: 'trade', hash: unsignedTxHash(tradeHex), nonce: trade.nonce, call: callHash(trade.to, trade.value, trade.data) });
  if (after && approveHex) ordered.push({ role: 'approve', hash: unsignedTxHash(approveHex), nonce: after.nonce });

  const quoteId = issueQuoteId(deps.secret, {
    v: 1,
    channel: request.channel,
    chain: chain.info.id,
    trader: request.trader,
    exp: expiresAt,
    txs: ordered,
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn: amountIn.toString(),
    amountOut: chosen.amountOut.toString(),
    decimalsIn: lens.decimalsIn,
    decimalsOut: lens.decimalsOut,
    side: request.side,
  });

  const feeOnOutput = !nativeIn && request.tokenOut === ZERO_ADDRESS;
  const feeBase = feeOnOutput ? grossBeforeFees(chosen.amountOut, request.fees) : amountIn;
  const { protocolFee, integratorFee } = splitAmount(feeBase, request.fees);
  const effectiveGasPrice = (lens.baseFee > 0n ? lens.baseFee : 0n) + (feeFields.type === 'eip1559' ? feeFields.maxPriorityFeePerGas : 0n);
  const gasPrice = feeFields.type === 'eip1559' ? minBig(effectiveGasPrice, feeFields.maxFeePerGas) : feeFields.gasPrice;
  const nativeUsd = nativeUsdPrice(lens, venues);
  const tradeGasCost = (chosen.gasUsed + INTRINSIC_GAS + calldataGas(tradeData)) * gasPrice;
  const approveGasCost = approveTx ? (lens.approvalGas + INTRINSIC_GAS) * gasPrice * (resetHex ? 2n : 1n) : 0n;

  return {
    amountIn,
    amountOut: chosen.amountOut,
    amountOutMin,
    route: chosen.candidate.hops,
    simulated: chosen.simulated,
    priceImpactPercent: priceImpact(chosen.candidate, amountIn, request),
    tradeGasLimit,
    protocolFee,
    integratorFee,
    feeToken: nativeIn || request.tokenOut === ZERO_ADDRESS ? ZERO_ADDRESS : request.tokenIn,
    valueAmountInUsd: toUsd(lens.amountInNative, nativeUsd),
    gasCostUsd: toUsd(tradeGasCost, nativeUsd),
    txCostUsd: toUsd(tradeGasCost + approveGasCost, nativeUsd),
    taxes: taxes(chosen, request),
    decimalsIn: lens.decimalsIn,
    decimalsOut: lens.decimalsOut,
    transactions: {
      trade: tradeHex,
      ...(approveHex ? { approve: approveHex } : {}),
      ...(resetHex ? { reset: serializeUnsigned(resetHex.tx) } : {}),
    },
    quoteId,
    expiresAt,
  };
}

export function tradingVenues(chain: ConfiguredChain): EvmVenues {
  if (!chain.available) {
    throw new AppError('CHAIN_UNAVAILABLE', `${chain.info.id} is not available on this server: no RPC is configured for it.`);
  }
  if (!chain.venues || !chain.routerAddress) {
    throw new AppError('CHAIN_UNAVAILABLE', `Trading is not set up on ${chain.info.id} on this server: no Router or venues are configured for it.`);
  }
  return chain.venues;
}

/**
 * Raw amounts as given; a share of the balance is read first (one extra round trip). A share of the native
 * balance keeps back what the trade's gas can cost at the chosen priority, so "100%" still confirms.
 */
async function resolveAmount(deps: EvmQuoteDeps, request: EvmQuoteRequest): Promise<bigint> {
  if ('raw' in request.amount) return request.amount.raw;
  const { rpc } = deps.chain;
  const nativeIn = request.tokenIn === ZERO_ADDRESS;
  const answer = nativeIn
    ? await rpc.request<string>('eth_getBalance', [request.trader, 'latest'])
    : await rpc.request<string>('eth_call', [{
        to: request.tokenIn,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [request.trader] }),
      }, 'latest']);
  // An address without code answers balanceOf with empty data: it holds nothing there.
  const balance = hexQuantity.catch(0n).parse(answer);
  let amount = (balance * BigInt(request.amount.balanceBps)) / BigInt(BPS);
  if (nativeIn) {
    const fees = (await deps.fees.read(deps.chain.info.id))[request.priority];
    const reserve = NATIVE_GAS_RESERVE * (fees.maxFeePerGas > fees.gasPrice ? fees.maxFeePerGas : fees.gasPrice);
    amount = amount > balance - reserve ? balance - reserve : amount;
  }
  if (amount <= 0n) {
    throw new AppError('INSUFFICIENT_BALANCE', `The trader's balance of tokenIn${nativeIn ? ', less what gas will cost,' : ''} is nothing to trade at ${request.amount.balanceBps / 100}%.`, { field: 'amount' });
  }
  return amount;
}

interface Chosen {
  candidate: LensCandidate;
  amountOut: bigint;
  gasUsed: bigint;
  simulated: boolean;
}

/** The gas a route costs with nothing simulated: a rough per-hop figure, refined by the margin. */
function estimatedGas(candidate: LensCandidate): bigint {
  return 120_000n + 90_000n * BigInt(candidate.hops.length);
}

function chooseCandidate(lens: LensResult, request: EvmQuoteRequest, fees: LevelFees, holdsInput: boolean): Chosen {
  if (lens.candidates.length === 0) {
    throw new AppError('NO_ROUTE', 'No pool connects these tokens on this chain, directly or through the wrapped native token or the stable (or a token address has no contract here). Check the token addresses and the chain.');
  }
  const gasPrice = fees.maxFeePerGas;
  const simulatedOk = lens.candidates.filter((candidate) => candidate.ok && candidate.amountOut > 0n);
  if (simulatedOk.length > 0) {
    const best = maxBy(simulatedOk, (candidate) => candidate.amountOut - gasInOutput(candidate.gasUsed * gasPrice, candidate, request, lens));
    return { candidate: best, amountOut: best.amountOut, gasUsed: best.gasUsed, simulated: true };
  }
  const byPool = maxBy(lens.candidates, (candidate) => candidate.poolAmountOut);
  if (holdsInput) {
    if (byPool.transferBlocked) throw tradeFailure('TRANSFER_BLOCKED');
    const reason = classifyRevert(byPool.revertData);
    throw tradeFailure(reason.code === 'SIMULATION_FAILED' ? 'SIMULATION_FAILED' : reason.code, reason.reason);
  }
  if (request.requireSimulation) {
    throw new AppError('INSUFFICIENT_BALANCE', 'The trader does not hold the amount to sell, so the trade cannot be simulated. Fund the wallet or lower the amount.', { field: 'amount' });
  }
  // Priced from pool math: exact for plain tokens; a token tax is only known once the wallet holds the input.
  const amountOut = request.tokenOut === ZERO_ADDRESS && request.tokenIn !== ZERO_ADDRESS
    ? splitAmount(byPool.poolAmountOut, request.fees).net
    : byPool.poolAmountOut;
  return { candidate: byPool, amountOut, gasUsed: estimatedGas(byPool), simulated: false };
}

/** Gas cost (native wei) in units of tokenOut, at the trade's own rate, to rank routes on output net of gas. */
function gasInOutput(gasCostWei: bigint, candidate: LensCandidate, request: EvmQuoteRequest, lens: LensResult): bigint {
  if (request.tokenOut === ZERO_ADDRESS) return gasCostWei;
  if (lens.amountInNative === 0n) return 0n;
  return (gasCostWei * candidate.amountOut) / lens.amountInNative;
}

function txFees(chain: ConfiguredChain, fees: LevelFees): UnsignedEvmTx['fees'] {
  if (chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
  return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

function withMargin(gas: bigint): bigint {
  return gas + (gas * GAS_MARGIN_PERCENT) / 100n;
}

/** Calldata gas (EIP-2028): 4 per zero byte, 16 per other byte. */
function calldataGas(data: Hex): bigint {
  let gas = 0n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

function grossBeforeFees(net: bigint, fees: FeeSplit): bigint {
  const kept = BigInt(BPS - fees.protocolBps - fees.integratorBps);
  return kept === 0n ? net : (net * BigInt(BPS)) / kept;
}

function nativeUsdPrice(lens: LensResult, venues: EvmVenues): number {
  return Number(lens.nativeUsd) / 10 ** venues.stable.decimals;
}

function toUsd(wei: bigint, nativeUsd: number): number {
  return round((Number(wei) / 1e18) * nativeUsd, 6);
}

/**
 * Price impact of the route in percent, LP fees excluded: how far the pool output falls short of the input
 * at the pools' spot prices.
 */
function priceImpact(candidate: LensCandidate, amountIn: bigint, request: EvmQuoteRequest): number {
  const feeOnInput = !(request.tokenIn !== ZERO_ADDRESS && request.tokenOut === ZERO_ADDRESS);
  const swapIn = feeOnInput ? splitAmount(amountIn, request.fees).net : amountIn;
  const SCALE = 10n ** 36n;
  let ideal = swapIn * SCALE;
  candidate.hops.forEach((hop, index) => {
    const venue = EVM_VENUES.find((entry) => entry.id === hop.venue)!;
    const spot = venue.spot(candidate.spot[index] ?? [0n, 0n]);
    if (spot.denominator === 0n) return;
    ideal = (ideal * spot.numerator * BigInt(1_000_000 - venue.lpFee(hop.fee))) / (spot.denominator * 1_000_000n);
  });
  if (ideal === 0n) return 0;
  const achieved = candidate.poolAmountOut * SCALE;
  if (achieved >= ideal) return 0;
  return round(Number(((ideal - achieved) * 1_000_000n) / ideal) / 10_000, 4);
}

/** Token taxes in percent, read from how far the simulated Router output falls below the pool output. */
function taxes(chosen: Chosen, request: EvmQuoteRequest): EvmQuote['taxes'] {
  const none = { buyTax: 0, sellTax: 0, transferTax: 0 };
  if (!chosen.simulated || chosen.candidate.poolAmountOut === 0n) return none;
  const nativeOut = request.tokenOut === ZERO_ADDRESS && request.tokenIn !== ZERO_ADDRESS;
  const delivered = nativeOut ? grossBeforeFees(chosen.amountOut, request.fees) : chosen.amountOut;
  const pool = chosen.candidate.poolAmountOut;
  if (delivered >= pool) return none;
  const percent = round(Number(((pool - delivered) * 1_000_000n) / pool) / 10_000, 2);
  return request.side === 'BUY' ? { ...none, buyTax: percent } : { ...none, sellTax: percent };
}

function maxBy<T extends object>(items: readonly T[], score: (item: T) => bigint): T {
  let best = items[0]!;
  let bestScore = score(best);
  for (const item of items.slice(1)) {
    const value = score(item);
    if (value > bestScore) {
      best = item;
      bestScore = value;
    }
  }
  return best;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
