/**
 * What one pool pays for an amount, asked of the venue's own quoter contract on the node (never our math):
 * Uniswap V2 Router02 `getAmountsOut`, Uniswap V3 QuoterV2, Uniswap V4 V4Quoter, and for PancakeSwap V3 the
 * world's V3PoolQuoter (the pool's own swap, reverted from its callback), as the world's tests ask them
 * (devnet/evm/world-pool-checks.ts). An amount a pool cannot take whole pays 0.
 */
import type { Address, PublicClient } from 'viem';
import { quotePool as quoteWithVenue } from '@/devnet/evm/world-pool-checks';
import type { ManifestChain } from '@/server/chains/devnet-manifest';

export interface BenchPool {
  venue: string;
  address: Address;
  id?: `0x${string}`;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing?: number;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const other = (pool: BenchPool, token: Address) => (same(pool.token0, token) ? pool.token1 : pool.token0);

/** The pool's output for `amountIn` of `tokenIn`; 0 when the pool cannot take it (the quoter reverts). */
export async function quotePool(client: PublicClient, chain: ManifestChain, pool: BenchPool, tokenIn: Address, amountIn: bigint): Promise<bigint> {
  if (amountIn <= 0n) return 0n;
  return quoteWithVenue(client, chain.contracts, pool, tokenIn, amountIn).catch(() => 0n);
}

export function poolOtherToken(pool: BenchPool, token: Address): Address {
  return other(pool, token);
}
