/**
 * How the solver pays a fill: a transfer of the quoted amount from its inventory (native coin or token), or
 * a destination swap of its native coin into the recipient's token, built by the quote engine at fill time
 * with a minimum that keeps the quote's slippage promise. A fill that can no longer be made is a CannotFill:
 * the deposit goes back.
 */
import { CHAINS, NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { BPS } from '@/server/trading/fee-model';
import type { BridgeRow } from '@/server/store/bridge-repository';
import type { BridgeChain, SignedPayment } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { solverSwapRequest } from './bridge-route';
import { bridgeTokensOf, tokenAmountText } from './bridge-row-tokens';

/**
 * The fill cannot be made (inventory short, or the price moved past the slippage): its message says why, in
 * words for the trader; `shortfall`, for operators' logs only, what the solver held and what the fill needed.
 */
export class CannotFill extends Error {
  override readonly name = 'CannotFill';
  constructor(message: string, readonly shortfall?: Shortfall) {
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
 * Why the solver cannot pay this fill from what it holds now (a CannotFill to throw); undefined when it can.
 * The stored reason says what the trader can act on, never the solver's holdings, which go to the log.
 */
export async function fillShortfall(chain: BridgeChain, row: BridgeRow): Promise<CannotFill | undefined> {
  const { tokenOut } = bridgeTokensOf(row);
  const name = CHAINS[chain.chain].name;
  const amount = BigInt(row.amount_out);
  const token = row.token_out ?? undefined;
  const cannotPay = (what: string, shortfall: Shortfall) => new CannotFill(
    `The solver could not fill on ${name}: it could not pay ${what} there at that moment. The deposit is returned; try a smaller amount, or try again later.`,
    shortfall,
  );
  if (row.payout === 'swap') {
    const native = await chain.inventory();
    const needs = BigInt(row.swap_amount_in ?? '0');
    if (native >= needs) return undefined;
    return cannotPay(`for the swap to ${tokenOut.symbol}`, { token: chain.nativeToken.symbol, held: native.toString(), needed: needs.toString() });
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
  return cannotPay(paysOut, held < amount
    ? { token: tokenOut.symbol, held: held.toString(), needed: amount.toString() }
    : { token: chain.nativeToken.symbol, held: native.toString(), needed: cost.toString() });
}

async function signDestinationSwap(deps: BridgeDeps, chain: BridgeChain, row: BridgeRow): Promise<SignedPayment> {
  if (!deps.swaps || !row.token_out || !row.swap_amount_in) throw new CannotFill('This server can no longer swap on the destination chain. The deposit is returned.');
  const minimum = BigInt(row.min_amount_out);
  const quoteWith = (slippageBps: number) => deps.swaps!.quote(chain.chain, solverSwapRequest(chain, {
    tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: row.token_out!, amount: BigInt(row.swap_amount_in!), recipient: row.recipient, slippageBps,
  }));
  let quote = await quoteWith(slippageKeeping(BigInt(row.amount_out), minimum));
  if (quote.amountOut < minimum) {
    const { tokenOut } = bridgeTokensOf(row);
    throw new CannotFill(`The price on ${CHAINS[chain.chain].name} moved: the swap would pay ${tokenAmountText(quote.amountOut, tokenOut, chain.chain)}, below the quote's minimum of ${tokenAmountText(minimum, tokenOut, chain.chain)}. The deposit is returned.`);
  }
  // A price that moved within the slippage: the Router's minimum still holds the quote's.
  if (quote.amountOutMin < minimum) quote = await quoteWith(slippageKeeping(quote.amountOut, minimum));
  return chain.signPrepared(quote.transactions.trade);
}

/** Signs the fill's payment (called under the chain's signing lock, so the nonce it reads is its own). */
export function signFill(deps: BridgeDeps, chain: BridgeChain, row: BridgeRow): () => Promise<SignedPayment> {
  if (row.payout === 'swap') return () => signDestinationSwap(deps, chain, row);
  return () => chain.signPayment({ to: row.recipient, amount: BigInt(row.amount_out), requestId: row.id, token: row.token_out ?? undefined });
}

/** What a confirmed fill paid the recipient: the transfer's amount, or what the swap delivered. */
export async function paidByFill(chain: BridgeChain, row: BridgeRow, txHash: string): Promise<bigint> {
  if (row.payout !== 'swap' || !row.token_out) return BigInt(row.amount_out);
  return chain.receivedBy(txHash, row.recipient, row.token_out);
}
