/**
 * What a quoted approval lets a contract take, in words: the token, the spender and the amount (exact, or
 * unlimited), read from the unsigned transaction the wallet will be asked to sign, so the page states exactly
 * what is signed.
 */
import { decodeFunctionData, erc20Abi, maxUint256, parseTransaction, type Hex } from 'viem';
import { shortAddress } from '@/components/swap/lib/format';
import { formatAmount } from '@/server/display/amount-text';

export interface QuotedApproval {
  spender: string;
  /** Raw units of the token; undefined for unlimited (the maximum). */
  amount: bigint | undefined;
}

/** The approve(spender, amount) call an unsigned EVM transaction makes; undefined when it is not one. */
export function readApproval(unsigned: string): QuotedApproval | undefined {
  try {
    const { data } = parseTransaction(unsigned as Hex);
    if (!data) return undefined;
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName !== 'approve') return undefined;
    const [spender, amount] = call.args;
    // Anything from 2^255 up is as good as unlimited: wallets show it that way too.
    return { spender, amount: amount >= maxUint256 / 2n ? undefined : amount };
  } catch {
    return undefined;
  }
}

/** "Approve exactly 25 USDC for the Router 0x1234…abcd" or "Approve unlimited USDC for …". */
export function approvalText(unsigned: string, token: { symbol: string; decimals: number }, spenderName: string): string | undefined {
  const approval = readApproval(unsigned);
  if (!approval) return undefined;
  const amount = approval.amount === undefined ? `unlimited ${token.symbol}` : `exactly ${formatAmount(approval.amount, token.decimals)} ${token.symbol}`;
  return `Approve ${amount} for the ${spenderName} ${shortAddress(approval.spender)}`;
}
