/**
 * Seeding every venue's pools from the deployer's treasury: the native it needs up front, the wrapped native
 * and allowances the venues pull, the pools themselves, and last the tax and honeypot tokens learning their
 * pools.
 */
import { maxUint256, parseAbi, type Address } from 'viem';
import type { Deployer } from './deployer';
import type { WorldTokens } from './tokens';
import type { DeployedEvmWorldVenue, EvmWorldPool, EvmWorldVenue } from './venues/evm-world-venue';
import { WNATIVE } from './world-spec';

const approveAbi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);
const depositAbi = parseAbi(['function deposit() payable']);
const poolRegistryAbi = parseAbi(['function setPool(address pool, bool enabled)']);

/** The native side of the venues' pools (`takesNative` narrows to the venues that pay it one way). */
export function nativeInPools(venues: readonly EvmWorldVenue[], nativeAmount: (usd: number) => bigint, takesNative?: EvmWorldVenue['takesNative']): bigint {
  return venues
    .filter((venue) => takesNative === undefined || venue.takesNative === takesNative)
    .flatMap((venue) => venue.pools)
    .filter((pool) => pool.tokenA === WNATIVE || pool.tokenB === WNATIVE)
    .reduce((sum, pool) => sum + nativeAmount(pool.depthUsd), 0n);
}

/** Seeds every venue's pools in the venues' order and returns them all. */
export async function seedPools(
  deployer: Deployer,
  venues: readonly EvmWorldVenue[],
  deployed: readonly DeployedEvmWorldVenue[],
  tokens: WorldTokens,
): Promise<EvmWorldPool[]> {
  if (venues.length === 0) return [];
  const wrappedNeeded = nativeInPools(venues, (usd) => tokens.amountFor(WNATIVE, usd), 'wrapped');
  if (wrappedNeeded > 0n)
    await deployer.write('wrap native', { address: tokens.addressOf(WNATIVE), abi: depositAbi, functionName: 'deposit', args: [], value: wrappedNeeded });
  // Each venue's spender may pull the tokens of that venue's pools.
  for (const token of tokens.list) {
    for (const [index, venue] of deployed.entries()) {
      if (!venue.spender || !venues[index]!.pools.some((pool) => [pool.tokenA, pool.tokenB].some((symbol) => tokens.addressOf(symbol) === token.address)))
        continue;
      await deployer.write(`approve ${token.symbol}`, {
        address: token.address as Address,
        abi: approveAbi,
        functionName: 'approve',
        args: [venue.spender, maxUint256],
      });
    }
  }
  const pools: EvmWorldPool[] = [];
  for (const venue of deployed) pools.push(...(await venue.seedPools(tokens)));
  await registerTaxedPools(deployer, tokens, pools);
  return pools;
}

/**
 * Tax and honeypot tokens learn their pools only once seeded: the owner is exempt anyway, but seeding before
 * registering keeps the launch free of tax events.
 */
async function registerTaxedPools(deployer: Deployer, tokens: WorldTokens, pools: readonly EvmWorldPool[]): Promise<void> {
  for (const token of tokens.list) {
    if (token.kind !== 'tax' && token.kind !== 'honeypot') continue;
    for (const pool of pools) {
      if (pool.token0 !== token.address && pool.token1 !== token.address) continue;
      await deployer.write(`${token.symbol} setPool`, {
        address: token.address as Address,
        abi: poolRegistryAbi,
        functionName: 'setPool',
        args: [pool.address, true],
      });
    }
  }
}
