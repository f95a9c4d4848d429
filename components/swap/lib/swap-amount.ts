import { parseAmount } from './format';
import type { SwapToken } from './tokens';

export interface SwapAmountInput {
  /** An amount typed in, or a share of the balance the server resolves when quoting. */
  mode: { kind: 'exact' } | { kind: 'percent'; percent: number };
  amountText: string;
  /** The field typed in; `receive` reads amountText in tokenOut's units (exact output). */
  side?: 'pay' | 'receive';
  tokenIn?: SwapToken;
  tokenOut?: SwapToken;
}

export interface SwapAmount {
  /** What the quote asks for: raw units of tokenIn, or a share of the balance such as "50%". */
  amount?: string;
  /** Or, typed in the receive field: raw units of tokenOut to receive. */
  amountOut?: string;
  /** Something was typed that is not an amount of tokenIn. */
  invalid: boolean;
  hasAmount: boolean;
  /** The amount is more than the balance (when the balance is known): tokenIn's symbol, to name it. */
  insufficient?: string;
}

/** The amount the swap form pays, read from what was typed (or chosen) and the wallet's balance of tokenIn. */
export function readSwapAmount({ mode, amountText, side, tokenIn, tokenOut }: SwapAmountInput, balance: bigint | undefined): SwapAmount {
  if (mode.kind === 'percent') return { amount: `${mode.percent}%`, invalid: false, hasAmount: true };
  if (side === 'receive') {
    const out = tokenOut ? parseAmount(amountText, tokenOut.decimals) : undefined;
    // What it costs is the quote's to say: the balance is checked against the quoted input (quotedInsufficient).
    return {
      amountOut: out !== undefined && out > 0n ? out.toString() : undefined,
      invalid: amountText.trim() !== '' && out === undefined,
      hasAmount: out !== undefined && out > 0n,
    };
  }
  const raw = tokenIn ? parseAmount(amountText, tokenIn.decimals) : undefined;
  const positive = raw !== undefined && raw > 0n;
  return {
    amount: positive ? raw.toString() : undefined,
    invalid: amountText.trim() !== '' && raw === undefined,
    hasAmount: positive,
    insufficient: tokenIn && raw !== undefined && balance !== undefined && raw > balance ? tokenIn.symbol : undefined,
  };
}

/** An exact-output quote whose input is more than the balance: tokenIn's symbol, to name it. */
export function quotedInsufficient(
  amount: SwapAmount,
  quotedAmountIn: string | undefined,
  tokenIn: SwapToken | undefined,
  balance: bigint | undefined,
): SwapAmount {
  if (amount.amountOut === undefined || !quotedAmountIn || !tokenIn || balance === undefined) return amount;
  return BigInt(quotedAmountIn) > balance ? { ...amount, insufficient: tokenIn.symbol } : amount;
}
