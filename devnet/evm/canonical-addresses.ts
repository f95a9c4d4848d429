/**
 * Where the local world puts the contracts the address book names for a chain: the same addresses as on the
 * real chain, so the app on the local world and on the real chain read one book, and the tests exercise it.
 * Keys are the names the deploy script gives its contracts (`deployer.deploy(what, …)`). A contract the book
 * does not list for the chain is deployed wherever the deployer's nonce puts it, and named by the manifest.
 */
import { getAddress, type Address } from 'viem';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import type { EvmChainId } from '@/server/chains/registry';
import { TOKENS } from './world-spec';

/** The world's own stable takes the address of the chain's main stable when it has the same decimals. */
const WORLD_STABLE = TOKENS.find((token) => token.kind === 'stable')!;

export function canonicalPlacements(chain: EvmChainId): Readonly<Record<string, Address>> {
  const book = ADDRESS_BOOK[chain];
  if (!book) return {};
  const mainStable = book.stables[0];
  const entries: [string, string | undefined][] = [
    ['WETH9', book.wrappedNative.address],
    ['Multicall3', book.multicall3?.address],
    [WORLD_STABLE.symbol, mainStable?.decimals === WORLD_STABLE.decimals ? mainStable.address : undefined],
    ['UniswapV2Factory', book.uniswapV2?.factory],
    ['UniswapV2Router02', book.uniswapV2?.router02],
    ['UniswapV3Factory', book.uniswapV3?.factory],
    ['QuoterV2', book.uniswapV3?.quoterV2],
    ['PoolManager', book.uniswapV4?.poolManager],
    ['V4Quoter', book.uniswapV4?.v4Quoter],
    ['PancakeV3Factory', book.pancakeswapV3?.factory],
    ['PancakeV3PoolDeployer', book.pancakeswapV3?.poolDeployer],
    ['PancakeV2Factory', book.pancakeswapV2?.factory],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined).map(([what, address]) => [what, getAddress(address)]));
}
