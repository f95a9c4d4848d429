/**
 * What an attacker does on the local world's EVM chains, for the bridge's attack tests: its own accounts and
 * contracts, Uniswap V2 pools it owns, swaps that push a V3 pool's price and put it back exactly, and reads
 * of the prices those pools quote (the fair prices the tests value holdings at).
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  parseAbi,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { testManifest } from '@/devnet/test-world';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import type { EvmChainId } from '@/server/chains/registry';
import { receiptOf } from '@/devnet/evm/receipt';

export const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const FAR_DEADLINE = 2n ** 40n;
/** Explicit gas: estimates can come up short for Uniswap calls when the next block has a new timestamp. */
const GAS = 8_000_000n;

export const v2RouterAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256, uint256)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);
const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
export const v2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function totalSupply() view returns (uint256)',
]);
const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function token0() view returns (address)',
  'function fee() view returns (uint24)',
]);
const swapRouterAbi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);
export const depositoryAbi = parseAbi(['function depositToken(bytes32 requestId, address token, uint256 amount)']);
const wethAbi = parseAbi(['function deposit() payable']);

/** Wei per raw unit of an asset. */
export interface Price {
  num: bigint;
  den: bigint;
}

export interface AttackChain {
  id: EvmChainId;
  entry: ManifestChain;
  client: PublicClient;
  weth: Address;
  usdc: Address;
  token(symbol: string): Address;
  solver: Address;
  router: Address;
  depository: Address;
}

const chains = new Map<EvmChainId, AttackChain>();

export function attackChain(id: EvmChainId): AttackChain {
  const known = chains.get(id);
  if (known && known.entry.rpcUrl === testManifest().chains[id]?.rpcUrl) return known;
  const entry = testManifest().chains[id]!;
  const token = (symbol: string) => getAddress(entry.tokens.find((listed) => listed.symbol === symbol)!.address);
  const chain: AttackChain = {
    id,
    entry,
    client: createPublicClient({ chain: viemChain(id, entry), transport: http(entry.rpcUrl), pollingInterval: 20 }),
    weth: getAddress(entry.wrappedNative),
    usdc: token('USDC'),
    token,
    solver: getAddress(entry.solver!.address),
    router: getAddress(entry.routerAddress || entry.contracts.router!),
    depository: getAddress(entry.contracts.depository!),
  };
  chains.set(id, chain);
  return chain;
}

function viemChain(id: EvmChainId, entry: ManifestChain): Chain {
  return defineChain({
    id: entry.chainId,
    name: id,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [entry.rpcUrl] } },
  });
}

export const freshAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** anvil's cheat: the account holds exactly `wei` of the native coin. */
export async function setBalance(chain: AttackChain, address: Address, wei: bigint): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(chain.entry.rpcUrl) }).setBalance({ address, value: wei });
}

interface Tx {
  to: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
}

/** Sends a transaction from `account` and waits for its receipt, whatever its outcome. */
export async function sendMayRevert(chain: AttackChain, account: PrivateKeyAccount, tx: Tx): Promise<TransactionReceipt> {
  const wallet = createWalletClient({ account, chain: viemChain(chain.id, chain.entry), transport: http(chain.entry.rpcUrl) });
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ?? 0n, gas: tx.gas ?? GAS });
  return receiptOf(chain.client, hash);
}

/** Sends a transaction from `account` and waits for it; a revert throws, naming `what`. */
export async function send(chain: AttackChain, account: PrivateKeyAccount, what: string, tx: Tx): Promise<TransactionReceipt> {
  const receipt = await sendMayRevert(chain, account, tx);
  if (receipt.status !== 'success') throw new Error(`${what} reverted on ${chain.id} (${receipt.transactionHash})`);
  return receipt;
}

/** Sends an already signed transaction and waits for its receipt, whatever its outcome. */
export async function sendRaw(chain: AttackChain, serializedTransaction: Hex): Promise<TransactionReceipt> {
  const hash = await chain.client.sendRawTransaction({ serializedTransaction });
  return receiptOf(chain.client, hash);
}

export async function deploy(
  chain: AttackChain,
  account: PrivateKeyAccount,
  contract: { abi: Abi; bytecode: Hex },
  args: readonly unknown[],
): Promise<Address> {
  const wallet = createWalletClient({ account, chain: viemChain(chain.id, chain.entry), transport: http(chain.entry.rpcUrl) });
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode, args, gas: GAS });
  const receipt = await receiptOf(chain.client, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying on ${chain.id} failed (${hash})`);
  return getAddress(receipt.contractAddress);
}

export const balanceOf = (chain: AttackChain, asset: Address, holder: Address): Promise<bigint> =>
  asset === NATIVE
    ? chain.client.getBalance({ address: holder })
    : chain.client.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });

export async function approve(chain: AttackChain, account: PrivateKeyAccount, token: Address, spender: Address, amount = maxUint256): Promise<void> {
  await send(chain, account, `approve ${spender}`, {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
  });
}

export async function transfer(chain: AttackChain, account: PrivateKeyAccount, token: Address, to: Address, amount: bigint): Promise<void> {
  await send(chain, account, 'transfer', { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) });
}

/** Wraps `wei` of the account's native coin. */
export async function wrap(chain: AttackChain, account: PrivateKeyAccount, wei: bigint): Promise<void> {
  await send(chain, account, 'wrap', { to: chain.weth, value: wei, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }) });
}

/** The world's treasury (holds the supply of every world token), for amounts beyond the faucet's. */
export function treasury(chain: AttackChain): PrivateKeyAccount {
  return privateKeyToAccount(chain.entry.treasury!.privateKey as Hex);
}

// ---- Uniswap V2: a pool of the attacker's own token against the wrapped native coin.

const v2Router = (chain: AttackChain) => getAddress(chain.entry.contracts.uniswapV2Router02!);

export async function v2PairOf(chain: AttackChain, token: Address): Promise<Address> {
  const factory = getAddress(chain.entry.contracts.uniswapV2Factory!);
  return chain.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: 'getPair', args: [token, chain.weth] });
}

/** Creates the token's pair (when it has none) and adds `tokens` against `wei`; the pair's address. */
export async function addV2Liquidity(chain: AttackChain, owner: PrivateKeyAccount, token: Address, tokens: bigint, wei: bigint): Promise<Address> {
  await approve(chain, owner, token, v2Router(chain));
  await send(chain, owner, 'addLiquidityETH', {
    to: v2Router(chain),
    value: wei,
    data: encodeFunctionData({ abi: v2RouterAbi, functionName: 'addLiquidityETH', args: [token, tokens, 0n, 0n, owner.address, FAR_DEADLINE] }),
  });
  return v2PairOf(chain, token);
}

/** Takes all of the owner's liquidity out of the token's pair. */
export async function removeV2Liquidity(chain: AttackChain, owner: PrivateKeyAccount, token: Address): Promise<void> {
  const pair = await v2PairOf(chain, token);
  const liquidity = await balanceOf(chain, pair, owner.address);
  await approve(chain, owner, pair, v2Router(chain));
  await send(chain, owner, 'removeLiquidityETH', {
    to: v2Router(chain),
    data: encodeFunctionData({ abi: v2RouterAbi, functionName: 'removeLiquidityETH', args: [token, liquidity, 0n, 0n, owner.address, FAR_DEADLINE] }),
  });
}

/** Sells `amount` of the token into its pair for the native coin. */
export async function sellIntoV2(chain: AttackChain, account: PrivateKeyAccount, token: Address, amount: bigint): Promise<void> {
  await approve(chain, account, token, v2Router(chain));
  await send(chain, account, 'swapExactTokensForETH', {
    to: v2Router(chain),
    data: encodeFunctionData({
      abi: v2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [amount, 0n, [token, chain.weth], account.address, FAR_DEADLINE],
    }),
  });
}

export async function v2Reserves(chain: AttackChain, pair: Address, token: Address): Promise<{ token: bigint; weth: bigint; supply: bigint }> {
  const [[r0, r1], token0, supply] = await Promise.all([
    chain.client.readContract({ address: pair, abi: v2PairAbi, functionName: 'getReserves' }),
    chain.client.readContract({ address: pair, abi: v2PairAbi, functionName: 'token0' }),
    chain.client.readContract({ address: pair, abi: v2PairAbi, functionName: 'totalSupply' }),
  ]);
  return getAddress(token0) === token ? { token: r0, weth: r1, supply } : { token: r1, weth: r0, supply };
}

/** The token's price in wei per raw unit, as its pair quotes it now (its spot price). */
export async function v2Price(chain: AttackChain, token: Address): Promise<Price> {
  const reserves = await v2Reserves(chain, await v2PairOf(chain, token), token);
  return { num: reserves.weth, den: reserves.token };
}

// ---- Uniswap V3: the chain's deepest wrapped-native/stable pool, pushed and put back.

export interface V3Pool {
  address: Address;
  fee: number;
  wethIsToken0: boolean;
}

/** The wrapped-native/stable V2 or V3 pool holding the most stable (as the service picks its native USD price); V3 expected. */
export async function deepestNativeStablePool(chain: AttackChain): Promise<V3Pool> {
  const pairs = chain.entry.pools.filter(
    (pool) =>
      (pool.venue === 'UNISWAP_V3' || pool.venue === 'UNISWAP_V2') &&
      [pool.token0, pool.token1]
        .map((address) => getAddress(address))
        .sort()
        .join() === [chain.weth, chain.usdc].sort().join(),
  );
  const depths = await Promise.all(pairs.map((pool) => balanceOf(chain, chain.usdc, getAddress(pool.address))));
  const deepest = pairs[depths.indexOf(depths.reduce((a, b) => (b > a ? b : a)))]!;
  if (deepest.venue !== 'UNISWAP_V3') throw new Error(`${chain.id}: the deepest native/stable pool is ${deepest.venue}, the push expects a V3 pool`);
  return { address: getAddress(deepest.address), fee: deepest.fee, wethIsToken0: getAddress(deepest.token0) === chain.weth };
}

export async function sqrtPriceOf(chain: AttackChain, pool: V3Pool): Promise<bigint> {
  const [sqrtPriceX96] = await chain.client.readContract({ address: pool.address, abi: v3PoolAbi, functionName: 'slot0' });
  return sqrtPriceX96;
}

/** The stable's price in wei per raw unit at the pool's current spot price. */
export async function stablePrice(chain: AttackChain, pool: V3Pool): Promise<Price> {
  const sqrt = await sqrtPriceOf(chain, pool);
  const q192 = 2n ** 192n;
  // sqrtPriceX96² / 2^192 is token1 per token0 in raw units.
  return pool.wethIsToken0 ? { num: q192, den: sqrt * sqrt } : { num: sqrt * sqrt, den: q192 };
}

const swapRouter = (chain: AttackChain) => getAddress(chain.entry.contracts.swapRouter!);

/**
 * A swap on the pool through V3's SwapRouter, paid from `account` (the native coin when `tokenIn` is the wrapped
 * native and `native` is set). With `untilSqrtPrice` it stops at that price (spending only what it needs), which
 * puts a pushed pool back exactly where it was.
 */
export async function swapOnV3(
  chain: AttackChain,
  account: PrivateKeyAccount,
  pool: V3Pool,
  input: {
    tokenIn: Address;
    tokenOut: Address;
    amountIn: bigint;
    native?: boolean;
    untilSqrtPrice?: bigint;
  },
): Promise<void> {
  if (!input.native) await approve(chain, account, input.tokenIn, swapRouter(chain));
  await send(chain, account, 'exactInputSingle', {
    to: swapRouter(chain),
    value: input.native ? input.amountIn : 0n,
    data: encodeFunctionData({
      abi: swapRouterAbi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: input.tokenIn,
          tokenOut: input.tokenOut,
          fee: pool.fee,
          recipient: account.address,
          deadline: FAR_DEADLINE,
          amountIn: input.amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: input.untilSqrtPrice ?? 0n,
        },
      ],
    }),
  });
}
