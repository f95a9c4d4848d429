/**
 * How the solver pays a fill, from the deposit actually made: a transfer from its inventory (native coin or
 * token), or a destination swap of its native coin into the recipient's token, built by the quote engine at
 * fill time at the quote's minimum and within the gas the quote charged. Before paying, the fill checks again
 * what the quote assumed: the rate between different coins (it refunds when the rate moved against the solver
 * by more than the quoted slippage) and the exposure limits. A fill that can no longer be made is a
 * CannotFill: the deposit goes back.
 */
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { findAppError } from '@/server/errors';
import { BPS } from '@/server/fees/fee-model';
import type { SwapQuote } from '@/server/trading/swap-types';
import type { BridgeRequest } from '@/server/store/bridge-request';
import type { BridgeChain, SignedPayment } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { findAsset } from './bridge-assets';
import { limitProblem } from './bridge-limits';
import { convertAsset, isCrossAsset, type AssetSide } from './bridge-rates';
import { solverSwapRequest } from './bridge-route-legs';
import { bridgeTokensOf, tokenAmountText } from './bridge-row-tokens';

/**
 * The fill cannot be made (inventory short, the price or rate moved past the slippage, a limit): its message
 * says why, in words for the trader; `shortfall`, for operators' logs only, what the solver held and what the
 * fill needed.
 */
export class CannotFill extends Error {
  override readonly name = 'CannotFill';
  constructor(
    message: string,
    readonly shortfall?: Shortfall,
  ) {
    super(message);
  }
}

/** What the solver held and what a fill needed, raw units of `token` (a symbol): never shown to the trader. */
export interface Shortfall {
  token: string;
  held: string;
  needed: string;
}

/** The slippage (bps) whose minimum on `quoted` is at least `minimum`. */
export function slippageKeeping(quoted: bigint, minimum: bigint): number {
  if (quoted <= minimum) return 0;
  return Number(((quoted - minimum) * BigInt(BPS)) / quoted);
}

/**
 * What the fill pays for the deposit actually made: the amount transferred (of tokenOut), or the native coin a
 * destination swap spends. The quote's worth of the expected deposit, in proportion to what arrived, less the
 * gas the quote charged; exactly the quoted amount when the deposit is the expected one. Requests quoted
 * before deposits were valued this way pay what they quoted.
 */
export function fillAmount(
  row: Pick<BridgeRequest, 'payout' | 'amountOut' | 'swapAmountIn' | 'depositAmount' | 'depositExpected' | 'grossOut' | 'gasOut'>,
): bigint {
  const quoted = BigInt(row.payout === 'swap' ? (row.swapAmountIn ?? '0') : row.amountOut);
  if (row.grossOut === null || row.gasOut === null || row.depositExpected === null) return quoted;
  const expected = BigInt(row.depositExpected);
  const deposited = BigInt(row.depositAmount ?? row.depositExpected);
  if (deposited === expected || expected === 0n) return quoted;
  const amount = (BigInt(row.grossOut) * deposited) / expected - BigInt(row.gasOut);
  return amount > 0n ? amount : 0n;
}

const nameOf = (chain: ChainId) => CHAINS[chain].name;

/**
 * Why the solver cannot pay this fill from what it holds now (a CannotFill to throw); undefined when it can.
 * The stored reason says what the trader can act on, never the solver's holdings, which go to the log.
 */
export async function fillShortfall(chain: BridgeChain, row: BridgeRequest, heldNative?: bigint): Promise<CannotFill | undefined> {
  const { tokenOut } = bridgeTokensOf(row);
  const amount = fillAmount(row);
  const token = row.tokenOut ?? undefined;
  const cannotPay = (what: string, shortfall: Shortfall) =>
    new CannotFill(
      `The solver could not fill on ${nameOf(chain.chain)}: it could not pay ${what} there at that moment. The deposit is returned; try a smaller amount, or try again later.`,
      shortfall,
    );
  if (row.payout === 'swap') {
    const native = await chain.inventory(heldNative);
    if (native >= amount) return undefined;
    return cannotPay(`for the swap to ${tokenOut.symbol}`, { token: chain.nativeToken.symbol, held: native.toString(), needed: amount.toString() });
  }
  const paysOut = `out ${tokenAmountText(amount, tokenOut, chain.chain)}`;
  if (!token) {
    const [native, cost] = await Promise.all([chain.inventory(), chain.paymentCost(row.recipient, amount)]);
    if (native >= amount + cost) return undefined;
    return cannotPay(paysOut, { token: tokenOut.symbol, held: native.toString(), needed: (amount + cost).toString() });
  }
  const [held, native] = await Promise.all([chain.tokenInventory(token), chain.inventory()]);
  // The gas of a transfer the solver cannot make cannot be estimated (it reverts): holdings come first.
  const cost = held >= amount ? await chain.paymentCost(row.recipient, amount, token) : 0n;
  if (held >= amount && native >= cost) return undefined;
  return cannotPay(
    paysOut,
    held < amount
      ? { token: tokenOut.symbol, held: held.toString(), needed: amount.toString() }
      : { token: chain.nativeToken.symbol, held: native.toString(), needed: cost.toString() },
  );
}

/** The deposit's and the payout's assets, as the rate between them is read; undefined for a request quoted before. */
function rateSides(deps: BridgeDeps, row: BridgeRequest): { from: AssetSide; to: AssetSide } | undefined {
  const source = deps.chains[row.sourceChain as ChainId];
  const destination = deps.chains[row.destinationChain as ChainId];
  if (!source || !destination || row.grossOut === null || row.depositExpected === null) return undefined;
  const fromAsset = findAsset(source.assets, row.depositAsset);
  const toAsset = findAsset(destination.assets, row.payout === 'swap' ? NATIVE_TOKEN_ADDRESS : row.tokenOut);
  if (!fromAsset || !toAsset) return undefined;
  return { from: { chain: source, asset: fromAsset, range: undefined }, to: { chain: destination, asset: toAsset, range: undefined } };
}

/**
 * Between different coins, the rate is read again as the quote read it: a fill whose expected deposit is now
 * worth less than the quote's figure by more than the quoted slippage is refused (the rate moved against the
 * solver). The same coin on both sides crosses one for one and reads nothing.
 */
export async function rateProblem(deps: BridgeDeps, row: BridgeRequest): Promise<CannotFill | undefined> {
  const sides = rateSides(deps, row);
  if (!sides || !isCrossAsset(sides.from, sides.to)) return undefined;
  const [fromRange, toRange] = await Promise.all([
    sides.from.asset.kind === 'stable' ? undefined : sides.from.chain.nativeUsdRangeNow(),
    sides.to.asset.kind === 'stable' ? undefined : sides.to.chain.nativeUsdRangeNow(),
  ]);
  const expected = BigInt(row.depositExpected!);
  const net = expected - (expected * BigInt(deps.feeBps)) / BigInt(BPS);
  const now = convertAsset(net, { ...sides.from, range: fromRange }, { ...sides.to, range: toRange });
  const floor = (BigInt(row.grossOut!) * BigInt(BPS - (row.slippageBps ?? 0))) / BigInt(BPS);
  if (now >= floor) return undefined;
  return new CannotFill(
    `The rate between ${row.sourceChain} and ${row.destinationChain} moved against the bridge by more than the quote's slippage between the quote and the deposit. The deposit is returned; ask for a new quote.`,
    { token: 'rate', held: now.toString(), needed: floor.toString() },
  );
}

/** The exposure limits, again at fill time (other deposits may have come in since the quote). */
export async function limitsProblem(deps: BridgeDeps, row: BridgeRequest): Promise<CannotFill | undefined> {
  if (row.usdValue === null) return undefined;
  const expected = BigInt(row.depositExpected ?? row.amountIn);
  const deposited = BigInt(row.depositAmount ?? expected);
  const usd = expected > 0n ? (row.usdValue * Number(deposited)) / Number(expected) : row.usdValue;
  const problem = await limitProblem(deps, row.destinationChain as ChainId, usd, row.id);
  return problem ? new CannotFill(`${problem} The deposit is returned.`) : undefined;
}

/** Engine refusals that mean the swap cannot be made now (the deposit goes back), unlike an RPC failure (tried again). */
const SWAP_REFUSALS = new Set(['NO_ROUTE', 'TRANSFER_BLOCKED', 'RISKY_TOKEN', 'SIMULATION_FAILED', 'SLIPPAGE_EXCEEDED']);

async function quoteFillSwap(
  deps: BridgeDeps,
  chain: BridgeChain,
  row: BridgeRequest,
  slippageBps: number,
  maxTradeGas: bigint | undefined,
): Promise<SwapQuote> {
  const { tokenOut } = bridgeTokensOf(row);
  try {
    return await deps.swaps!.quote(chain.chain, {
      ...solverSwapRequest(chain, { tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: row.tokenOut!, amount: fillAmount(row), recipient: row.recipient, slippageBps }),
      maxTradeGas,
    });
  } catch (error) {
    const code = findAppError(error)?.code;
    if (!code || !SWAP_REFUSALS.has(code)) throw error;
    throw new CannotFill(
      `A swap into ${tokenOut.symbol} on ${nameOf(chain.chain)} cannot be made now within the quote's terms (${(error as Error).message}). The deposit is returned.`,
    );
  }
}

/**
 * The destination swap, quoted now at the quote's minimum and within the gas the quote charged: routes that
 * would need more gas are not chosen, and the transaction's gas limit is the charged one at most.
 */
async function signDestinationSwap(deps: BridgeDeps, chain: BridgeChain, row: BridgeRequest): Promise<SignedPayment> {
  if (!deps.swaps || !row.tokenOut || !row.swapAmountIn)
    throw new CannotFill('This server can no longer swap on the destination chain. The deposit is returned.');
  const minimum = BigInt(row.minAmountOut);
  const { tokenOut } = bridgeTokensOf(row);
  const charged = row.fillGasLimit === null ? undefined : BigInt(row.fillGasLimit);
  let quote = await quoteFillSwap(deps, chain, row, slippageKeeping(BigInt(row.amountOut), minimum), charged);
  // The solver's balance came with the quote's pools: short holdings are named as such, not as a failed swap.
  const short = await fillShortfall(chain, row, quote.heldIn);
  if (short) throw short;
  if (quote.amountOut < minimum) {
    throw new CannotFill(
      `The price on ${nameOf(chain.chain)} moved: the swap would pay ${tokenAmountText(quote.amountOut, tokenOut, chain.chain)}, below the quote's minimum of ${tokenAmountText(minimum, tokenOut, chain.chain)}. The deposit is returned.`,
    );
  }
  // A price that moved within the slippage: the Router's minimum still holds the quote's.
  if (quote.amountOutMin < minimum) quote = await quoteFillSwap(deps, chain, row, slippageKeeping(quote.amountOut, minimum), charged);
  return chain.signPrepared(quote.transactions.trade, { maxGas: charged });
}

/** Signs the fill's payment (called under the chain's signing lock, so the nonce it reads is its own). */
export function signFill(deps: BridgeDeps, chain: BridgeChain, row: BridgeRequest): () => Promise<SignedPayment> {
  if (row.payout === 'swap') return () => signDestinationSwap(deps, chain, row);
  return () => chain.signPayment({ to: row.recipient, amount: fillAmount(row), requestId: row.id, token: row.tokenOut ?? undefined });
}

/** What a confirmed fill paid the recipient: the transfer's amount, or what the swap delivered. */
export async function paidByFill(chain: BridgeChain, row: BridgeRequest, txHash: string): Promise<bigint> {
  if (row.payout !== 'swap' || !row.tokenOut) return fillAmount(row);
  return chain.receivedBy(txHash, row.recipient, row.tokenOut);
}
