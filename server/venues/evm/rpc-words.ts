/**
 * Reading raw `eth_call` answers of a JSON-RPC batch: return data, 32-byte words, addresses, ERC-20 texts.
 * Unreadable answers (a revert, empty data, a value out of range) read as undefined, never throw: a pool or
 * token that does not answer is simply not there.
 */
import { decodeFunctionResult, erc20Abi, hexToString, type Address, type Hex } from 'viem';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { hexData } from '@/server/chains/rpc-answers';

const ZERO_WORD_ADDRESS = /^0x0{40}$/;

export function ethCall(to: string, data: Hex): RpcCall {
  return { method: 'eth_call', params: [{ to, data }, 'latest'] };
}

/** Return data of an eth_call answer; undefined for a revert or an empty reply. */
export function returned(answer: RpcBatchAnswer | undefined): Hex | undefined {
  if (!answer?.ok) return undefined;
  const parsed = hexData.safeParse(answer.result);
  return parsed.success && parsed.data !== '0x' ? parsed.data : undefined;
}

export function word(answer: RpcBatchAnswer | undefined, index = 0): bigint | undefined {
  const data = returned(answer);
  const start = 2 + index * 64;
  return data && data.length >= start + 64 ? BigInt(`0x${data.slice(start, start + 64)}`) : undefined;
}

/** A non-zero address word; undefined for zero (a factory's "no such pool"). */
export function addressWord(answer: RpcBatchAnswer | undefined): Address | undefined {
  const value = word(answer);
  if (value === undefined || value >= 1n << 160n) return undefined;
  const address: Address = `0x${value.toString(16).padStart(40, '0')}`;
  return ZERO_WORD_ADDRESS.test(address) ? undefined : address;
}

/** An ERC-20 name or symbol: a string, or bytes32 on old tokens (MKR style); '' when neither. */
export function text(answer: RpcBatchAnswer | undefined): string {
  const data = returned(answer);
  if (!data) return '';
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data });
  } catch {
    return data.length === 66 ? hexToString(data, { size: 32 }).replace(/\0+$/, '') : '';
  }
}

/** A signed 24-bit word (tick spacing). */
export function int24(answer: RpcBatchAnswer | undefined): number | undefined {
  const value = word(answer);
  if (value === undefined) return undefined;
  return Number(BigInt.asIntN(24, value));
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
