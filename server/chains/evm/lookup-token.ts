/**
 * Symbol, name and decimals of a token the user pasted by address: the known list first, then the token
 * contract itself (one eth_call each, in parallel).
 */
import { decodeFunctionResult, encodeFunctionData, hexToString, type Hex } from 'viem';
import type { RpcTransport } from '../json-rpc';
import { AppError } from '@/server/errors';
import type { TokenMetadata } from '../token-metadata';

const metadataAbi = [
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const;

export interface LookupTokenParameters {
  address: string;
  /** The chain's known tokens (native first); a match is answered without touching the chain. */
  known: readonly TokenMetadata[];
}

export async function lookupToken(rpc: RpcTransport, { address, known }: LookupTokenParameters): Promise<TokenMetadata> {
  const listed = known.find((token) => token.address.toLowerCase() === address.toLowerCase());
  if (listed) return listed;

  const call = (functionName: 'symbol' | 'name' | 'decimals') =>
    rpc.request<Hex>('eth_call', [{ to: address, data: encodeFunctionData({ abi: metadataAbi, functionName }) }, 'latest']);
  const notAToken = (cause?: unknown) =>
    new AppError('INVALID_INPUT', `${address} is not an ERC-20 token on ${rpc.chain}: it has no symbol, name and decimals. Check the address and the chain.`, {
      field: 'address',
      cause,
    });

  let results: [Hex, Hex, Hex];
  try {
    results = await Promise.all([call('symbol'), call('name'), call('decimals')]);
  } catch (error) {
    // A transport failure is the chain's problem, not the address's.
    if (error instanceof AppError) throw error;
    throw notAToken(error);
  }
  const [symbolData, nameData, decimalsData] = results;
  if ([symbolData, nameData, decimalsData].some((data) => data === '0x')) throw notAToken();
  try {
    return {
      address,
      symbol: decodeText('symbol', symbolData),
      name: decodeText('name', nameData),
      decimals: Number(decodeFunctionResult({ abi: metadataAbi, functionName: 'decimals', data: decimalsData })),
    };
  } catch (error) {
    throw notAToken(error);
  }
}

/** Strings as ABI strings, or as bytes32 the way some early tokens (MKR) return them. */
function decodeText(functionName: 'symbol' | 'name', data: Hex): string {
  if (data.length === 66) return hexToString(data, { size: 32 }).replace(/\0+$/, '');
  return decodeFunctionResult({ abi: metadataAbi, functionName, data });
}
