import { parseAmount } from './format';
import type { SwapToken } from './tokens';

export interface SwapAmountInput {
  /** An amount typed in, or a share of the balance the server resolves when quoting. */
  mode: { kind: 'exact' } | { kind: 'percent'; percent: number };
  amountText: string;
  tokenIn?: SwapToken;
}

export interface SwapAmount {
  /** What the quote asks for: raw units of tokenIn, or a share of the balance such as "50%". */
  amount?: string;
  /** Something was typed that is not an amount of tokenIn. */
  invalid: boolean;
  hasAmount: boolean;
  /** The amount is more than the balance (when the balance is known): tokenIn's symbol, to name it. */
  insufficient?: string;
}

/** The amount the swap form pays, read from what was typed (or chosen) and the wallet's balance of tokenIn. */
export function readSwapAmount({ mode, amountText, tokenIn }: SwapAmountInput, balance: bigint | undefined): SwapAmount {
  if (mode.kind === 'percent') return { amount: `${mode.percent}%`, invalid: false, hasAmount: true };
  const raw = tokenIn ? parseAmount(amountText, tokenIn.decimals) : undefined;
  const positive = raw !== undefined && raw > 0n;
  return {
    amount: positive ? raw.toString() : undefined,
    invalid: amountText.trim() !== '' && raw === undefined,
    hasAmount: positive,
    insufficient: tokenIn && raw !== undefined && balance !== undefined && raw > balance ? tokenIn.symbol : undefined,
  };
}
