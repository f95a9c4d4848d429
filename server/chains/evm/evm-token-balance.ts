/**
 * An ERC-20 balance: balanceOf and decimals in one eth_call to Multicall3 (one block, one request). A token
 * address without code, or whose contract does not answer as an ERC-20, is NOT_FOUND.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, multicall3Abi, type Hex } from 'viem';
import { AppError } from '@/server/errors';
import type { ConfiguredChain } from '../chain-directory';
import type { TokenAmount } from '../family-provider-types';
import { hexData, requestChecked } from '../rpc-answers';

/** Multicall3's address on most EVM chains (same deployer, same nonce). */
export const CANONICAL_MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** `knownDecimals` when they were read before: then only the balance is asked for. */
export async function readEvmTokenBalance(chain: ConfiguredChain, wallet: string, token: string, knownDecimals: number | undefined): Promise<TokenAmount> {
  const address = token.toLowerCase() as Hex;
  const calls = [encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [wallet.toLowerCase() as Hex] })];
  if (knownDecimals === undefined) calls.push(encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }));
  const [balanceData, decimalsData] = await callContract(chain, address, calls);
  const balance = word(balanceData);
  const decimals = knownDecimals ?? word(decimalsData);
  if (balance === undefined || decimals === undefined || decimals > 255n) throw await notAToken(chain, token);
  return { balance, decimals: Number(decimals) };
}

/** Return data per call, or null for a call that reverted. */
async function callContract(chain: ConfiguredChain, target: Hex, calls: Hex[]): Promise<(Hex | null)[]> {
  const multicall = chain.venues?.multicall3 ?? CANONICAL_MULTICALL3;
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [calls.map((callData) => ({ target, allowFailure: true, callData }))],
  });
  const reply = await requestChecked(chain.rpc, 'eth_call', [{ to: multicall, data }, 'latest'], hexData);
  const results = decodeAggregate3(reply);
  if (results) return results;
  // No Multicall3 at that address on this chain: the same calls as one JSON-RPC batch (a revert is an error answer).
  const answers = await chain.rpc.requestBatch(calls.map((callData) => ({ method: 'eth_call', params: [{ to: target, data: callData }, 'latest'] })));
  return answers.map((answer) => {
    const parsed = answer.ok ? hexData.safeParse(answer.result) : undefined;
    return parsed?.success ? parsed.data : null;
  });
}

/** Undefined when the reply is not an aggregate3 result (no contract, or another one, at that address). */
function decodeAggregate3(reply: Hex): (Hex | null)[] | undefined {
  if (reply === '0x') return undefined;
  try {
    return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: reply }).map((result) => (result.success ? result.returnData : null));
  } catch {
    return undefined;
  }
}

/** The first 32-byte word of return data as an unsigned integer; undefined when there is none. */
function word(data: Hex | null | undefined): bigint | undefined {
  if (!data || data.length < 66) return undefined;
  return BigInt(data.slice(0, 66));
}

async function notAToken(chain: ConfiguredChain, token: string): Promise<AppError> {
  const code = await requestChecked(chain.rpc, 'eth_getCode', [token.toLowerCase(), 'latest'], hexData);
  const where = `no token contract at ${token} on ${chain.info.id}`;
  return new AppError(
    'NOT_FOUND',
    code === '0x'
      ? `${where}: the address has no code. Check the address and the chain.`
      : `${where}: the contract there does not answer balanceOf and decimals as an ERC-20 token.`,
  );
}
