/**
 * Deploys the local EVM world (see world-spec.ts) onto a fresh anvil: wrapped native, Multicall3, every venue
 * with its seeded pools, the test tokens, and the project's Router and bridge Depository.
 *
 * The contracts the address book names for the chain (wrapped native, Multicall3, the venues' factories and
 * quoters, the main stable) are put at the book's addresses, as on the real chain (canonical-addresses.ts);
 * the Router and the Depository where `npm run deploy` puts them for the world's solver, the same on every
 * chain. Everything else comes from anvil's account 0 in a fixed order (a contract put in place takes its nonce
 * too), so it lands at the same address on every chain and every rebuild. The order is: core contracts, venues (in EVM_WORLD_VENUES order), tokens, pools, Router and
 * Depository, V3PoolQuoter, the launchpad with its curves, the strategy token with its V2 pair, then the venues
 * only some chains carry (LATE_VENUES: PancakeSwap V3 where the book lists it, with pools on BSC; then PancakeSwap V2
 * on BSC).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { erc20Abi, type Address, type Hex } from 'viem';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { artifactsHash } from './artifacts';
import { compileContracts } from './compile';
import { checkWrappedNative, deployProjectContracts, deployWrappedNative, installMulticall3 } from './core-contracts';
import { canonicalPlacements } from './canonical-addresses';
import { connectDeployer } from './deployer';
import { nativeInPools, seedPools } from './pool-seeding';
import { deployLaunchpad, launchpadNative } from './launchpad';
import { deployStrategyToken, STRATEGY_TOKEN, strategyTokenNative } from './strategy-token';
import { deployTokens, type EvmWorldToken } from './tokens';
import type { ContractsOfVenues, DeployedEvmWorldVenue, EvmWorldPool } from './venues/evm-world-venue';
import { uniswapV2 } from './venues/uniswap-v2';
import { uniswapV3 } from './venues/uniswap-v3';
import { uniswapV4 } from './venues/uniswap-v4';
import { pancakeswapV2, type PancakeV2Contracts } from './venues/pancakeswap-v2';
import { pancakeswapV3, type PancakeV3Contracts } from './venues/pancakeswap-v3';
import { BRIDGE_SOLVER_STABLE_USD, BRIDGE_SOLVER_USD, NATIVE_USD, TOKENS, TREASURY_NATIVE, usdToRaw, worldSpecFingerprint } from './world-spec';

/** Bump when this script changes what it deploys or how (part of the world version). */
export const DEPLOY_SCRIPT_VERSION = '8';

/** The world's venues, deployed and seeded in this order (a new venue goes at the end: earlier addresses stay). */
const EVM_WORLD_VENUES = [uniswapV2, uniswapV3, uniswapV4] as const;
/** Venues deployed last, only on their `chains`, after every contract shared by all chains. */
const LATE_VENUES = [pancakeswapV3, pancakeswapV2] as const;

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type EvmWorldContracts = { multicall3: string } & ContractsOfVenues<typeof EVM_WORLD_VENUES> & {
    /** The project's Router (deployed after the venues, so every other address stays where it was). */
    router?: string;
    /** The bridge Depository (deployed after the Router). */
    depository?: string;
    /** Test helper quoting any V3-family pool by its own swap math (deployed after the Depository). */
    v3PoolQuoter?: string;
    /** The launchpad and its LAUNCH and GRAD curves (deployed after the V3PoolQuoter, see launchpad.ts). */
    launchpad?: string;
    /** The strategy token's V2 pair against the wrapped native (the token itself is listed in `tokens`). */
    strategyPair?: string;
  } & Partial<PancakeV3Contracts> &
  Partial<PancakeV2Contracts>;

export interface EvmWorldInfo {
  chain: EvmChainId;
  chainId: number;
  wrappedNative: string;
  contracts: EvmWorldContracts;
  tokens: EvmWorldToken[];
  pools: EvmWorldPool[];
  /** Anvil account 0: deployed everything, owns the tax and honeypot tokens, holds the remaining supply. */
  deployer: { address: string; privateKey: Hex };
  /** The bridge solver (anvil mnemonic index 40, not a listed account): the Depository forwards to it; it fills and refunds. */
  solver: { address: string; privateKey: Hex };
  worldVersion: string;
}

export interface DeployOptions {
  /** Cache of compiled Solidity (see compile.ts). */
  compileCacheDir?: string;
}

const require = createRequire(import.meta.url);

/**
 * Hash of everything that decides the deployed world: our compiled bytecode, the Uniswap/WETH artifacts,
 * the world spec, the address book, this script's version and the anvil version (its state dump format).
 */
export async function evmWorldVersion(options: DeployOptions = {}): Promise<string> {
  const compiled = await compileContracts({ cacheDir: options.compileCacheDir });
  const hash = createHash('sha256');
  for (const [name, contract] of Object.entries(compiled)) hash.update(`${name}:${contract.bytecode}\n`);
  hash.update(`artifacts:${artifactsHash()}\n`);
  hash.update(`spec:${worldSpecFingerprint()}\n`);
  hash.update(`script:${DEPLOY_SCRIPT_VERSION}\n`);
  hash.update(`strategy:${JSON.stringify(STRATEGY_TOKEN)}\n`);
  // Contracts sit where the address book says: a changed address is a changed world.
  hash.update(`book:${JSON.stringify(ADDRESS_BOOK)}\n`);
  hash.update(`anvil:${(require('@foundry-rs/anvil/package.json') as { version: string }).version}\n`);
  return hash.digest('hex').slice(0, 16);
}

export async function deployEvmWorld(rpcUrl: string, chain: EvmChainId, options: DeployOptions = {}): Promise<EvmWorldInfo> {
  const { chainId, nativeDecimals } = CHAINS[chain];
  const [compiled, worldVersion] = await Promise.all([compileContracts({ cacheDir: options.compileCacheDir }), evmWorldVersion(options)]);
  const deployer = await connectDeployer(rpcUrl, chain, canonicalPlacements(chain));
  const nativeAmount = (usd: number) => usdToRaw(usd, NATIVE_USD[chain], nativeDecimals);
  const treasury = TREASURY_NATIVE * 10n ** BigInt(nativeDecimals);
  const lateVenues = LATE_VENUES.filter((venue) => !venue.chains || venue.chains.includes(chain));
  await deployer.setBalance(
    deployer.address,
    nativeInPools([...EVM_WORLD_VENUES, ...lateVenues], nativeAmount) + launchpadNative(nativeAmount) + strategyTokenNative(nativeAmount) + treasury,
  );

  const wrapped = await deployWrappedNative(deployer, NATIVE_USD[chain]);
  const multicall3 = await installMulticall3(deployer, compiled);
  const venues: DeployedEvmWorldVenue[] = [];
  for (const venue of EVM_WORLD_VENUES) venues.push(await venue.deploy(deployer, wrapped.address, compiled));
  const tokens = await deployTokens(deployer, compiled, wrapped);
  const pools = await seedPools(deployer, EVM_WORLD_VENUES, venues, tokens);
  const { router, depository, solver } = await deployProjectContracts(deployer, rpcUrl, wrapped.address, nativeAmount(BRIDGE_SOLVER_USD));
  const v3PoolQuoter = await deployer.deploy('V3PoolQuoter', compiled.V3PoolQuoter.abi, compiled.V3PoolQuoter.bytecode);
  const v2Factory = venues[0]!.contracts.uniswapV2Factory as Address;
  const { launchpad, tokens: launchTokens } = await deployLaunchpad(deployer, compiled, wrapped.address, v2Factory, nativeAmount);
  const v2Router = venues[0]!.contracts.uniswapV2Router02 as Address;
  const strategy = await deployStrategyToken(deployer, compiled, tokens, { v2Factory, v2Router }, nativeAmount);
  for (const venue of lateVenues) venues.push(await venue.deploy(deployer, wrapped.address, compiled));
  pools.push(...(await seedPools(deployer, lateVenues, venues.slice(EVM_WORLD_VENUES.length), tokens)));
  await checkWrappedNative(deployer, wrapped);
  // Last, so every contract above keeps its address: the solver's stable inventory.
  const stable = TOKENS.find((token) => token.kind === 'stable')!.symbol;
  await deployer.write('solver stable inventory', {
    address: tokens.addressOf(stable),
    abi: erc20Abi,
    functionName: 'transfer',
    args: [solver.address, tokens.amountFor(stable, BRIDGE_SOLVER_STABLE_USD)],
  });

  const venueContracts = Object.assign({}, ...venues.map((venue) => venue.contracts)) as ContractsOfVenues<typeof EVM_WORLD_VENUES>;
  return {
    chain,
    chainId,
    wrappedNative: wrapped.address,
    contracts: { multicall3, ...venueContracts, router, depository, v3PoolQuoter, launchpad, strategyPair: strategy.pair },
    tokens: [...tokens.list, ...launchTokens, strategy.token],
    pools,
    deployer: { address: deployer.address, privateKey: deployer.privateKey },
    solver: { address: solver.address, privateKey: solver.privateKey },
    worldVersion,
  };
}
