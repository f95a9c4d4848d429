/**
 * Turns EVM revert data into an error code. Matching is by error selector (the Router's custom errors,
 * OpenZeppelin's ERC-20 errors), never by message text; anything else is a simulation failure whose decoded
 * reason is kept for the message.
 */
import { decodeErrorResult, type Hex } from 'viem';
import type { ErrorCode } from '@/server/errors';
import { routerAbi } from '@/server/venues/evm/generated/contracts';

export type RevertCode = Extract<ErrorCode, 'SLIPPAGE_EXCEEDED' | 'QUOTE_EXPIRED' | 'INSUFFICIENT_BALANCE' | 'APPROVAL_REQUIRED' | 'SIMULATION_FAILED'>;

const erc20ErrorsAbi = [
  {
    type: 'error',
    name: 'ERC20InsufficientBalance',
    inputs: [
      { name: 'sender', type: 'address' },
      { name: 'balance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
  {
    type: 'error',
    name: 'ERC20InsufficientAllowance',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'allowance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
  },
  { type: 'error', name: 'SafeERC20FailedOperation', inputs: [{ name: 'token', type: 'address' }] },
] as const;

const BY_ERROR_NAME: Readonly<Record<string, RevertCode>> = {
  SlippageExceeded: 'SLIPPAGE_EXCEEDED',
  // Exact output: the amount asked would now cost more than the quote's amountInMax.
  InputExceeded: 'SLIPPAGE_EXCEEDED',
  DeadlineExpired: 'QUOTE_EXPIRED',
  ERC20InsufficientBalance: 'INSUFFICIENT_BALANCE',
  ERC20InsufficientAllowance: 'APPROVAL_REQUIRED',
};

export interface RevertReason {
  code: RevertCode;
  /** Decoded error, for logs and messages: `SlippageExceeded(…)`, a revert string, or the selector. */
  reason: string;
}

export function classifyRevert(data: Hex | undefined): RevertReason {
  if (!data || data === '0x') return { code: 'SIMULATION_FAILED', reason: 'reverted without a reason' };
  for (const abi of [routerAbi, erc20ErrorsAbi]) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      const reason = `${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`;
      return { code: BY_ERROR_NAME[decoded.errorName] ?? 'SIMULATION_FAILED', reason };
    } catch {
      // not one of this ABI's errors
    }
  }
  try {
    const decoded = decodeErrorResult({ abi: [], data });
    return { code: 'SIMULATION_FAILED', reason: `${decoded.errorName}: ${(decoded.args ?? []).map(String).join(', ')}` };
  } catch {
    return { code: 'SIMULATION_FAILED', reason: `error ${data.slice(0, 10)}` };
  }
}

/** Revert data inside a JSON-RPC error (eth_call / eth_estimateGas), when the node returned it. */
export function revertDataOf(error: unknown): Hex | undefined {
  const data = (error as { data?: unknown })?.data;
  if (typeof data === 'string' && data.startsWith('0x')) return data as Hex;
  if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') return (data as { data: Hex }).data;
  return undefined;
}
