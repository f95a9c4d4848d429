/**
 * Deploys the local EVM world (see world-spec.ts) onto a fresh anvil: wrapped native, Multicall3,
 * Uniswap V2 and V3 with seeded pools, and the test tokens.
 *
 * Every transaction comes from anvil's account 0 in a fixed order, so every contract lands at the same
 * address on every chain and every rebuild; only pool amounts differ (they follow the chain's native price).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getAddress,
  http,
  maxUint256,
  parseAbi,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { anvilAccount } from '../accounts';
import { artifactsHash, loadArtifact } from './artifacts';
import { compileContracts, type CompiledContracts } from './compile';
import {
  BURN_ADDRESS,
  NATIVE_USD,
  ROUTER_FEE_COLLECTOR_ACCOUNT,
  BRIDGE_SOLVER_ACCOUNT,
  BRIDGE_SOLVER_USD,
  TOKENS,
  TREASURY_NATIVE,
  usdToRaw,
  V2_FEE,
  V2_POOLS,
  V3_POOLS,
  V3_TICK_SPACING,
  WNATIVE,
  WRAPPED_NATIVE_NAMES,
  worldSpecFingerprint,
  type TokenKind,
} from './world-spec';

/** Bump when this script changes what it deploys or how (part of the world version). */
export const DEPLOY_SCRIPT_VERSION = '2';

/** Canonical Multicall3 address (same on nearly every public chain, and viem's default). */
export const MULTICALL3_ADDRESS = getAddress('0xcA11bde05977b3631167028862bE2a173976CA11');

export interface EvmWorldToken {
  symbol: string;
  name: string;
  address: string;
  decimals: number;
  kind: TokenKind;
}

export interface EvmWorldPool {
  venue: 'uniswap-v2' | 'uniswap-v3';
  address: string;
  token0: string;
  token1: string;
  /** Hundredths of a bip, as Uniswap V3 writes it: 3000 = 0.3 % (V2 pools are 3000 too). */
  fee: number;
}

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type EvmWorldContracts = {
  multicall3: string;
  uniswapV2Factory: string;
  uniswapV2Router02: string;
  uniswapV3Factory: string;
  quoterV2: string;
  swapRouter: string;
  positionManager: string;
  /** The project's own Router (deployed last, so every other address stays where it was). */
  router?: string;
  /** The bridge Depository (deployed after the Router). */
  depository?: string;
};

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
 * the world spec, this script's version and the anvil version (its state dump format).
 */
export async function evmWorldVersion(options: DeployOptions = {}): Promise<string> {
  const compiled = await compileContracts({ cacheDir: options.compileCacheDir });
  const hash = createHash('sha256');
  for (const [name, contract] of Object.entries(compiled)) hash.update(`${name}:${contract.bytecode}\n`);
  hash.update(`artifacts:${artifactsHash()}\n`);
  hash.update(`spec:${worldSpecFingerprint()}\n`);
  hash.update(`script:${DEPLOY_SCRIPT_VERSION}\n`);
  hash.update(`anvil:${(require('@foundry-rs/anvil/package.json') as { version: string }).version}\n`);
  return hash.digest('hex').slice(0, 16);
}

const erc20Abi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
]);
const wethAbi = parseAbi(['function deposit() payable']);
const poolRegistryAbi = parseAbi(['function setPool(address pool, bool enabled)']);
const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const v2RouterAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const positionManagerAbi = parseAbi([
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
]);

const DEADLINE = 2n ** 48n;
const MAX_TICK = 887272;

function bigintSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from a power of two above the root: decreases monotonically to floor(sqrt(value)).
  let x = 1n << (BigInt(value.toString(2).length) / 2n + 1n);
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Uniswap V3 price encoding: sqrt(amount1 / amount0) in Q64.96. */
function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return bigintSqrt((amount1 << 192n) / amount0);
}

/** A short Solidity string (< 32 bytes) as stored in its slot: left-aligned bytes, last byte = length * 2. */
function shortStringSlot(text: string): Hex {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > 31) throw new Error(`"${text}" is too long for a short string slot`);
  const slot = new Uint8Array(32);
  slot.set(bytes);
  slot[31] = bytes.length * 2;
  return `0x${Buffer.from(slot).toString('hex')}`;
}

function sortPair(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

export async function deployEvmWorld(rpcUrl: string, chain: EvmChainId, options: DeployOptions = {}): Promise<EvmWorldInfo> {
  const chainInfo = CHAINS[chain];
  const [compiled, worldVersion] = await Promise.all([
    compileContracts({ cacheDir: options.compileCacheDir }),
    evmWorldVersion(options),
  ]);
  const deployerKeys = anvilAccount(0);
  const account = privateKeyToAccount(deployerKeys.privateKey);
  const viemChain = defineChain({
    id: chainInfo.chainId,
    name: chainInfo.name,
    nativeCurrency: { name: chainInfo.nativeSymbol, symbol: chainInfo.nativeSymbol, decimals: chainInfo.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { timeout: 60_000 });
  const publicClient: PublicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ account, chain: viemChain, transport, pollingInterval: 50 });
  const request = (method: string, params: unknown[]) =>
    publicClient.request({ method: method as never, params: params as never });

  const remoteChainId = await publicClient.getChainId();
  if (remoteChainId !== chainInfo.chainId) {
    throw new Error(`${rpcUrl} has chain id ${remoteChainId}, expected ${chainInfo.chainId} for ${chain}`);
  }

  // Explicit nonces: the order of transactions is the order of this script, never a race.
  let nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
  if (nonce !== 0) throw new Error(`deployer already has nonce ${nonce} on ${rpcUrl}: the world needs a fresh chain`);

  const nativePrice = NATIVE_USD[chain];
  const nativeUsd = (usd: number) => usdToRaw(usd, nativePrice, 18);
  const totalNativeInPools = [...V2_POOLS, ...V3_POOLS]
    .filter((pool) => pool.tokenA === WNATIVE || pool.tokenB === WNATIVE)
    .reduce((sum, pool) => sum + nativeUsd(pool.depthUsd), 0n);
  await request('anvil_setBalance', [account.address, `0x${(totalNativeInPools + TREASURY_NATIVE * 10n ** 18n).toString(16)}`]);

  const waitFor = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`${chain}: ${what} reverted (${hash})`);
    return receipt;
  };

  // Gas estimates can come up short for Uniswap calls (a new block timestamp writes more state): +30 %.
  const withMargin = (gas: bigint) => (gas * 13n) / 10n;

  const deploy = async (what: string, abi: Abi, bytecode: Hex, args: readonly unknown[] = []): Promise<Address> => {
    const data = encodeDeployData({ abi, bytecode, args });
    const gas = withMargin(await publicClient.estimateGas({ account: account.address, data }));
    const hash = await wallet.sendTransaction({ data, gas, nonce: nonce++ });
    const receipt = await waitFor(hash, `deploy ${what}`);
    if (!receipt.contractAddress) throw new Error(`${chain}: deploy ${what} has no contract address`);
    return getAddress(receipt.contractAddress);
  };

  const write = async (
    what: string,
    call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value?: bigint },
  ): Promise<void> => {
    const gas = withMargin(await publicClient.estimateContractGas({ ...call, account: account.address } as never));
    const hash = await wallet.writeContract({ ...call, gas, nonce: nonce++ } as never);
    await waitFor(hash, what);
  };

  // 1. Core contracts.
  const weth9 = loadArtifact('WETH9');
  const wrappedNative = await deploy('WETH9', weth9.abi, weth9.bytecode);
  // WETH9 hard-codes "Wrapped Ether"/"WETH" in storage slots 0 and 1: rename per chain (WBNB, WAVAX, ...)
  // while keeping the audited bytecode.
  const wrappedSymbol = `W${chainInfo.nativeSymbol}`;
  const wrappedName = WRAPPED_NATIVE_NAMES[chainInfo.nativeSymbol] ?? `Wrapped ${chainInfo.nativeSymbol}`;
  await request('anvil_setStorageAt', [wrappedNative, '0x0', shortStringSlot(wrappedName)]);
  await request('anvil_setStorageAt', [wrappedNative, '0x1', shortStringSlot(wrappedSymbol)]);

  // Tooling (viem's multicall among it) assumes the canonical Multicall3 address; the contract has no
  // constructor state, so installing its runtime code there is the same as deploying it.
  await request('anvil_setCode', [MULTICALL3_ADDRESS, compiled.Multicall3.deployedBytecode]);

  const v2FactoryArtifact = loadArtifact('UniswapV2Factory');
  const uniswapV2Factory = await deploy('UniswapV2Factory', v2FactoryArtifact.abi, v2FactoryArtifact.bytecode, [account.address]);
  const v2RouterArtifact = loadArtifact('UniswapV2Router02');
  const uniswapV2Router02 = await deploy('UniswapV2Router02', v2RouterArtifact.abi, v2RouterArtifact.bytecode, [uniswapV2Factory, wrappedNative]);
  const v3FactoryArtifact = loadArtifact('UniswapV3Factory');
  const uniswapV3Factory = await deploy('UniswapV3Factory', v3FactoryArtifact.abi, v3FactoryArtifact.bytecode);
  const quoterArtifact = loadArtifact('QuoterV2');
  const quoterV2 = await deploy('QuoterV2', quoterArtifact.abi, quoterArtifact.bytecode, [uniswapV3Factory, wrappedNative]);
  const swapRouterArtifact = loadArtifact('SwapRouter');
  const swapRouter = await deploy('SwapRouter', swapRouterArtifact.abi, swapRouterArtifact.bytecode, [uniswapV3Factory, wrappedNative]);
  const npmArtifact = loadArtifact('NonfungiblePositionManager');
  // No token descriptor: tokenURI is not needed for swaps, and the real one needs a linked library.
  const positionManager = await deploy('NonfungiblePositionManager', npmArtifact.abi, npmArtifact.bytecode, [
    uniswapV3Factory, wrappedNative, '0x0000000000000000000000000000000000000000',
  ]);

  // 2. Tokens.
  const tokenAddress: Record<string, Address> = { [WNATIVE]: wrappedNative };
  const decimalsOf: Record<string, number> = { [WNATIVE]: 18 };
  const priceOf: Record<string, number> = { [WNATIVE]: nativePrice };
  const tokens: EvmWorldToken[] = [
    { symbol: wrappedSymbol, name: wrappedName, address: wrappedNative, decimals: 18, kind: 'native-wrapped' },
  ];
  for (const spec of TOKENS) {
    const supply = spec.supply * 10n ** BigInt(spec.decimals);
    let address: Address;
    if (spec.kind === 'tax') {
      address = await deploy(spec.symbol, compiled.TaxToken.abi, compiled.TaxToken.bytecode, [
        spec.name, spec.symbol, supply, BigInt(spec.buyTaxBps ?? 0), BigInt(spec.sellTaxBps ?? 0), BigInt(spec.burnBps ?? 0), account.address,
      ]);
    } else if (spec.kind === 'honeypot') {
      address = await deploy(spec.symbol, compiled.HoneypotToken.abi, compiled.HoneypotToken.bytecode, [
        spec.name, spec.symbol, supply, account.address,
      ]);
    } else {
      address = await deploy(spec.symbol, compiled.TestToken.abi, compiled.TestToken.bytecode, [
        spec.name, spec.symbol, spec.decimals, supply, account.address,
      ]);
    }
    tokenAddress[spec.symbol] = address;
    decimalsOf[spec.symbol] = spec.decimals;
    priceOf[spec.symbol] = spec.priceUsd;
    tokens.push({ symbol: spec.symbol, name: spec.name, address, decimals: spec.decimals, kind: spec.kind });
  }

  // 3. Allowances and wrapped native for V3 (the position manager pulls WETH like any token).
  const wethForV3 = V3_POOLS.filter((pool) => pool.tokenA === WNATIVE || pool.tokenB === WNATIVE)
    .reduce((sum, pool) => sum + nativeUsd(pool.depthUsd), 0n);
  await write('wrap native', { address: wrappedNative, abi: wethAbi, functionName: 'deposit', args: [], value: wethForV3 });
  for (const token of tokens) {
    for (const spender of [uniswapV2Router02, positionManager]) {
      await write(`approve ${token.symbol}`, { address: token.address as Address, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] });
    }
  }

  const amountFor = (symbol: string, usd: number) => usdToRaw(usd, priceOf[symbol]!, decimalsOf[symbol]!);
  const pools: EvmWorldPool[] = [];

  // 4. Uniswap V2 pairs.
  for (const spec of V2_POOLS) {
    const what = `V2 ${spec.tokenA}/${spec.tokenB}`;
    if (spec.tokenA === WNATIVE || spec.tokenB === WNATIVE) {
      const token = spec.tokenA === WNATIVE ? spec.tokenB : spec.tokenA;
      await write(what, {
        address: uniswapV2Router02, abi: v2RouterAbi, functionName: 'addLiquidityETH',
        args: [tokenAddress[token]!, amountFor(token, spec.depthUsd), 0n, 0n, account.address, DEADLINE],
        value: nativeUsd(spec.depthUsd),
      });
    } else {
      await write(what, {
        address: uniswapV2Router02, abi: v2RouterAbi, functionName: 'addLiquidity',
        args: [
          tokenAddress[spec.tokenA]!, tokenAddress[spec.tokenB]!,
          amountFor(spec.tokenA, spec.depthUsd), amountFor(spec.tokenB, spec.depthUsd),
          0n, 0n, account.address, DEADLINE,
        ],
      });
    }
    const [token0, token1] = sortPair(tokenAddress[spec.tokenA]!, tokenAddress[spec.tokenB]!);
    const pair = getAddress(await publicClient.readContract({ address: uniswapV2Factory, abi: v2FactoryAbi, functionName: 'getPair', args: [token0, token1] }));
    pools.push({ venue: 'uniswap-v2', address: pair, token0, token1, fee: V2_FEE });
  }

  // 5. Uniswap V3 pools with one full-range position each.
  for (const spec of V3_POOLS) {
    const [token0, token1] = sortPair(tokenAddress[spec.tokenA]!, tokenAddress[spec.tokenB]!);
    const symbol0 = token0 === tokenAddress[spec.tokenA] ? spec.tokenA : spec.tokenB;
    const symbol1 = symbol0 === spec.tokenA ? spec.tokenB : spec.tokenA;
    const amount0 = amountFor(symbol0, spec.depthUsd);
    const amount1 = amountFor(symbol1, spec.depthUsd);
    const what = `V3 ${spec.tokenA}/${spec.tokenB} ${spec.fee}`;
    await write(`${what} create`, {
      address: positionManager, abi: positionManagerAbi, functionName: 'createAndInitializePoolIfNecessary',
      args: [token0, token1, spec.fee, sqrtPriceX96(amount0, amount1)],
    });
    const spacing = V3_TICK_SPACING[spec.fee];
    const tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
    await write(`${what} mint`, {
      address: positionManager, abi: positionManagerAbi, functionName: 'mint',
      args: [{
        token0, token1, fee: spec.fee, tickLower: -tickUpper, tickUpper,
        amount0Desired: amount0, amount1Desired: amount1, amount0Min: 0n, amount1Min: 0n,
        recipient: account.address, deadline: DEADLINE,
      }],
    });
    const pool = getAddress(await publicClient.readContract({ address: uniswapV3Factory, abi: v3FactoryAbi, functionName: 'getPool', args: [token0, token1, spec.fee] }));
    pools.push({ venue: 'uniswap-v3', address: pool, token0, token1, fee: spec.fee });
  }

  // 6. Tax and honeypot tokens learn their pools only now: the owner is exempt anyway, but seeding before
  // registering keeps the launch free of tax events.
  for (const token of tokens) {
    if (token.kind !== 'tax' && token.kind !== 'honeypot') continue;
    for (const pool of pools) {
      if (pool.token0 !== token.address && pool.token1 !== token.address) continue;
      await write(`${token.symbol} setPool`, { address: token.address as Address, abi: poolRegistryAbi, functionName: 'setPool', args: [pool.address, true] });
    }
  }

  // 7. The project's Router, last: appending keeps every address above unchanged. The deployer owns it.
  const router = await deploy('Router', compiled.Router.abi, compiled.Router.bytecode, [
    wrappedNative, anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address, account.address,
  ]);

  // 8. The bridge Depository, forwarding deposits to the solver, whose balance is its inventory.
  const solver = anvilAccount(BRIDGE_SOLVER_ACCOUNT);
  const depository = await deploy('Depository', compiled.Depository.abi, compiled.Depository.bytecode, [solver.address]);
  await request('anvil_setBalance', [solver.address, `0x${nativeUsd(BRIDGE_SOLVER_USD).toString(16)}`]);

  const symbol = await publicClient.readContract({ address: wrappedNative, abi: erc20Abi, functionName: 'symbol' });
  if (symbol !== wrappedSymbol) throw new Error(`${chain}: wrapped native symbol is ${symbol}, expected ${wrappedSymbol}`);

  return {
    chain,
    chainId: chainInfo.chainId,
    wrappedNative,
    contracts: {
      multicall3: MULTICALL3_ADDRESS,
      uniswapV2Factory,
      uniswapV2Router02,
      uniswapV3Factory,
      quoterV2,
      swapRouter,
      positionManager,
      router,
      depository,
    },
    tokens,
    pools,
    deployer: { address: account.address, privateKey: deployerKeys.privateKey },
    solver: { address: solver.address, privateKey: solver.privateKey },
    worldVersion,
  };
}

export { BURN_ADDRESS };
export type { CompiledContracts };
