/**
 * Chain auto-detection where the interface makes `chain` optional, one rule for every endpoint that detects:
 * a base58 address is Solana; an EVM address is looked up on every available EVM chain at once (contract code
 * present, then the USD depth of its pools against the wrapped native token and the stable), and the deepest
 * market is its chain. No chain, or several too close to call, is a clear error naming the candidates.
 *
 * The endpoint's own chains play no part in the search, so one address finds one chain (or one refusal)
 * everywhere: an endpoint that does not serve the chain found (v1 quote omits MONAD and MEGAETH) refuses,
 * naming it, rather than picking the deepest market among the chains it serves, which would be a market
 * other endpoints do not call the token's.
 */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { discoveryCalls, pairPools } from '@/server/venues/evm/pools/pair-pools';
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS, EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';

/** Two chains whose pool depth differs by less than this share are a tie. */
const TIE_SHARE = 0.05;

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

export interface DetectOptions {
  /** The chains the endpoint serves (v1 quote omits MONAD and MEGAETH); the search itself looks everywhere. */
  served?: readonly ChainId[];
  /** The request field naming the address, for the error. */
  field: string;
}

export async function detectChain(chains: ChainDirectory, address: string, options: DetectOptions): Promise<ChainId> {
  const found = await findChain(chains, address, options.field);
  const served = options.served ?? (Object.keys(CHAINS) as ChainId[]);
  if (!served.includes(found)) {
    throw new AppError(
      'INVALID_INPUT',
      `chain: ${address} is found on ${found} (${found === 'SOL' ? 'a Solana address' : 'its main market'}), which this endpoint does not serve (it serves ${served.join(', ')}); pass chain to choose one of those.`,
      { field: 'chain' },
    );
  }
  return found;
}

async function findChain(chains: ChainDirectory, address: string, field: string): Promise<ChainId> {
  if (!address.startsWith('0x')) return 'SOL';
  const candidates = EVM_CHAIN_IDS.filter((id) => chains[id].available && chains[id].venues);
  const depths = await Promise.all(candidates.map(async (id) => ({ id, depth: await depthOn(chains[id], address as Address).catch(() => undefined) })));
  const found = depths.filter((entry): entry is { id: (typeof candidates)[number]; depth: number } => entry.depth !== undefined);
  if (found.length === 0) {
    throw new AppError(
      'INVALID_INPUT',
      `${field}: no contract at ${address} on any available chain (looked on ${candidates.join(', ')}). Check the address or pass chain.`,
      { field },
    );
  }
  found.sort((a, b) => b.depth - a.depth);
  const [best, second] = found;
  if (!second) return best!.id;
  const ties = found.filter((entry) => entry.depth >= best!.depth * (1 - TIE_SHARE));
  if (best!.depth > 0 && ties.length === 1) return best!.id;
  const names = (ties.length > 1 ? ties : found).map((entry) => entry.id).join(', ');
  throw new AppError('INVALID_INPUT', `chain: ${address} is a token on ${names} with no clear main market; pass chain to choose one.`, { field: 'chain' });
}

/**
 * USD depth of the token's pools on one chain; undefined when the address has no code there.
 * Two batches: code and pool addresses (every venue and tier), then what the pools and the native/stable
 * pool hold.
 */
async function depthOn(chain: ConfiguredChain, token: Address): Promise<number | undefined> {
  const venues = chain.venues!;
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const quotes = [wrapped, stable].filter((quote) => quote.toLowerCase() !== token.toLowerCase());
  const nativeDiscovery = discoveryCalls(venues, wrapped, stable);
  const discoveries = quotes.map((quote) => discoveryCalls(venues, token, quote));

  const first = await chain.rpc.requestBatch([{ method: 'eth_getCode', params: [token, 'latest'] }, ...nativeDiscovery, ...discoveries.flat()]);
  const code = first[0]?.ok ? hex.parse(first[0].result) : '0x';
  if (code === '0x') return undefined;
  // The venue table lists the plainest venue first: its pool prices the native coin.
  const nativePool = pairPools(venues, first.slice(1, 1 + nativeDiscovery.length), wrapped, stable)[0];
  let at = 1 + nativeDiscovery.length;
  const pools = quotes.flatMap((quote, index) => pairPools(venues, first.slice(at, (at += discoveries[index]!.length)), token, quote));
  const balanceOf = (tokenAddress: Address, owner: Address) => ({
    method: 'eth_call',
    params: [{ to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) }, 'latest'],
  });
  const second = await chain.rpc.requestBatch([
    ...(nativePool ? [balanceOf(wrapped, nativePool.address), balanceOf(stable, nativePool.address)] : []),
    ...pools.map(({ address, quote }) => balanceOf(quote, address)),
  ]);
  const amount = (index: number) => {
    const answer = second[index];
    return answer?.ok ? Number(BigInt(hex.parse(answer.result) === '0x' ? 0 : hex.parse(answer.result))) : 0;
  };
  const offset = nativePool ? 2 : 0;
  const stableUnit = 10 ** venues.stable.decimals;
  const nativeUnit = 10 ** chain.info.nativeDecimals;
  const nativeUsd = offset ? amount(1) / stableUnit / (amount(0) / nativeUnit || 1) : 0;
  let depth = 0;
  pools.forEach(({ quote }, index) => {
    const held = amount(offset + index);
    depth += quote === stable ? held / stableUnit : (held / nativeUnit) * nativeUsd;
  });
  return depth;
}
