/**
 * Transactions a trade needs from the trader before it (the quote's `extra`): a strategy token's trading
 * permit (server/tokens/strategy-token.ts), or a launchpad's fee for a route along a bonding curve
 * (server/venues/evm/launchpad.ts). Each is run first in the lens so the simulations see it, and read in the
 * quote's batch to know whether the trader still needs to send it.
 */
import { decodeFunctionResult, encodeFunctionData, formatEther, parseAbi, type Address, type Hex } from 'viem';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcCall } from '@/server/chains/json-rpc';
import { requestChecked } from '@/server/chains/rpc-answers';
import type { RouteLeg } from '@/server/routing/route-types';
import { isBondingCurve } from '@/server/venues/evm/venue-table';
import { decodeIsPermitted, isPermittedCall, permitCall } from '@/server/tokens/strategy-token';
import { z } from 'zod';

export interface PreTrade {
  target: Address;
  value: bigint;
  data: Hex;
  /** What the trader sends, in words (v1, which cannot carry it, names it). */
  description: string;
  /** A launch fee: the launch token whose curve the route must still run along for the fee to be needed. */
  curveToken?: Address;
  /** The batch call that tells whether the trader still has to send it. */
  check: RpcCall;
  needed(answer: Hex): boolean;
}

export const launchpadAbi = parseAbi([
  'function launchFee() view returns (uint256)',
  'function payLaunchFee(address token, address operator) payable',
  'function credits(address trader, address operator, address token) view returns (uint256)',
]);

export function permitPreTrade(token: Address, trader: Address): PreTrade {
  const call = permitCall(token);
  return {
    ...call,
    description: `send permit() to ${token} (the token's trading permit)`,
    check: isPermittedCall(token, trader),
    needed: (answer) => !decodeIsPermitted(answer),
  };
}

/** The launch tokens whose curves the routes run along. */
export function curveTokens(chain: ConfiguredChain, routes: readonly RouteLeg[][]): Set<string> {
  const wrapped = chain.venues?.wrappedNative.toLowerCase();
  return new Set(
    routes
      .flat()
      .flatMap((leg) => leg.hops)
      .filter((hop) => isBondingCurve(hop.venue))
      .map((hop) => (hop.tokenIn.toLowerCase() === wrapped ? hop.tokenOut : hop.tokenIn).toLowerCase()),
  );
}

/** One launch fee per launch token the routes trade along a curve, for the Router to spend. */
export async function launchFeePreTrades(
  fees: LaunchFees,
  chain: ConfiguredChain,
  routes: readonly RouteLeg[][],
  trader: Address,
  router: Address,
): Promise<PreTrade[]> {
  const curves = new Map<string, { launchpad: Address; token: Address }>();
  for (const hop of routes.flat().flatMap((leg) => leg.hops)) {
    if (!isBondingCurve(hop.venue)) continue;
    const token = hop.tokenIn.toLowerCase() === chain.venues?.wrappedNative.toLowerCase() ? hop.tokenOut : hop.tokenIn;
    curves.set(token.toLowerCase(), { launchpad: hop.pool, token });
  }
  return Promise.all(
    [...curves.values()].map(async ({ launchpad, token }) => {
      const fee = await launchFee(fees, chain, launchpad);
      return {
        target: launchpad,
        value: fee,
        data: encodeFunctionData({ abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, router] }),
        description: `send payLaunchFee(${token}, ${router}) to ${launchpad} with ${formatEther(fee)} native (the launch fee)`,
        curveToken: token,
        check: {
          method: 'eth_call',
          params: [{ to: launchpad, data: encodeFunctionData({ abi: launchpadAbi, functionName: 'credits', args: [trader, router, token] }) }, 'latest'],
        },
        needed: (answer: Hex) => decodeFunctionResult({ abi: launchpadAbi, functionName: 'credits', data: answer }) === 0n,
      };
    }),
  );
}

/** Launchpads whose fee is remembered (routes name them: a few per chain, bounded all the same). */
const LAUNCH_FEE_ENTRIES = 1_000;

/** Launch fees by endpoint and launchpad; one per services instance (server/trading/evm/evm-quote-caches.ts). */
export type LaunchFees = BoundedCache<string, bigint>;

export function createLaunchFees(): LaunchFees {
  return boundedCache<string, bigint>({ name: 'launch fees', max: LAUNCH_FEE_ENTRIES });
}

const hexData = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => hex as Hex);

/** A launchpad's fee, read once per launchpad and endpoint (its owner sets it at deployment). */
async function launchFee(fees: LaunchFees, chain: ConfiguredChain, launchpad: Address): Promise<bigint> {
  const key = `${chain.rpc.urls.join(',')}|${launchpad.toLowerCase()}`;
  const known = fees.get(key);
  if (known !== undefined) return known;
  const raw = await requestChecked(
    chain.rpc,
    'eth_call',
    [{ to: launchpad, data: encodeFunctionData({ abi: launchpadAbi, functionName: 'launchFee' }) }, 'latest'],
    hexData,
  );
  const fee = decodeFunctionResult({ abi: launchpadAbi, functionName: 'launchFee', data: raw });
  fees.set(key, fee);
  return fee;
}
