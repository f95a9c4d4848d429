/**
 * Strategy tokens (contracts/tokens/StrategyVault.sol): shares that only permitted holders may hold or
 * move. A token says it is one by `permitRequired()`; a trader grants itself the permit once with
 * `permit()`, in a transaction of its own before the trade (the quote's `extra`).
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcCall } from '@/server/chains/json-rpc';
import type { LensPreCall } from '@/server/routing/lens-client';

export const strategyTokenAbi = parseAbi([
  'function permitRequired() view returns (bool)',
  'function isPermitted(address holder) view returns (bool)',
  'function permit()',
]);

/** The trader's permit transaction as the lens runs it before simulating. */
export function permitCall(token: Address): LensPreCall {
  return { target: token, value: 0n, data: encodeFunctionData({ abi: strategyTokenAbi, functionName: 'permit' }) };
}

/** Whether `token` takes a trading permit (false for every token without `permitRequired()`). */
export async function permitRequired(chain: ConfiguredChain, token: string): Promise<boolean> {
  try {
    const raw = await chain.rpc.request('eth_call', [
      { to: token, data: encodeFunctionData({ abi: strategyTokenAbi, functionName: 'permitRequired' }) },
      'latest',
    ]);
    return typeof raw === 'string' && raw.length >= 66 && decodeFunctionResult({ abi: strategyTokenAbi, functionName: 'permitRequired', data: raw as Hex });
  } catch {
    return false;
  }
}

/** The batch entry reading whether `holder` has the permit already. */
export function isPermittedCall(token: Address, holder: Address): RpcCall {
  return {
    method: 'eth_call',
    params: [{ to: token, data: encodeFunctionData({ abi: strategyTokenAbi, functionName: 'isPermitted', args: [holder] }) }, 'latest'],
  };
}

export function decodeIsPermitted(raw: Hex): boolean {
  return decodeFunctionResult({ abi: strategyTokenAbi, functionName: 'isPermitted', data: raw });
}
