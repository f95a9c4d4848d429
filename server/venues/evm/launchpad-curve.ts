/**
 * What the launchpad's bonding curve of one token holds (Launchpad.sol's `curve(token)`): its reserves (the
 * native one a virtual amount plus what was raised), what it raised toward graduation, and the V2 pair it
 * graduated to. One `eth_call`, which callers may ride on a batch of their own.
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { ethCall, returned } from './rpc-words';
import { contractAt } from './venue-config';

export interface CurveState {
  launchpad: Address;
  /** Raw units: wrapped native (18 decimals) and the token. */
  reserveNative: bigint;
  reserveToken: bigint;
  raisedNative: bigint;
  graduationNative: bigint;
  graduated: boolean;
  /** The V2 pair it graduated to; the zero address while on the curve. */
  pair: Address;
}

const launchpadAbi = parseAbi(['function curve(address) view returns (uint256, uint256, uint256, uint256, bool, address)']);

/** The chain's launchpad, when one is configured. */
export function launchpadOf(chain: Pick<ConfiguredChain, 'venues'>): Address | undefined {
  return chain.venues ? contractAt(chain.venues, 'launchpad') : undefined;
}

export function curveCall(launchpad: Address, token: string): RpcCall {
  return ethCall(launchpad, encodeFunctionData({ abi: launchpadAbi, functionName: 'curve', args: [token as Address] }));
}

/** The curve in a `curveCall` answer; undefined when the token is not one of the launchpad's. */
export function decodeCurve(launchpad: Address, answer: RpcBatchAnswer | undefined): CurveState | undefined {
  const data = returned(answer);
  if (!data || data.length < 2 + 64 * 6) return undefined;
  const [reserveNative, reserveToken, raisedNative, graduationNative, graduated, pair] = decodeFunctionResult({
    abi: launchpadAbi,
    functionName: 'curve',
    data: data,
  });
  if (reserveToken === 0n && !graduated) return undefined;
  return { launchpad, reserveNative, reserveToken, raisedNative, graduationNative, graduated, pair };
}

/** The token's curve on the chain's launchpad; undefined when the chain has none or the token is not one of its tokens. */
export async function readCurve(chain: ConfiguredChain, token: string): Promise<CurveState | undefined> {
  const launchpad = launchpadOf(chain);
  if (!launchpad) return undefined;
  const [answer] = await chain.rpc.requestBatch([curveCall(launchpad, token)]);
  return decodeCurve(launchpad, answer);
}
