/**
 * Real transactions on the local world's BSC for the pool store's integration test, from one anvil account no
 * other test uses (TRADER_ACCOUNT, beyond the world's listed ones: funded here): swaps through Router02 (Uniswap
 * V2) and SwapRouter (Uniswap V3), liquidity added and removed through the world's V3 liquidity minters (Uniswap
 * and PancakeSwap V3, burnt from the pool by the position's owner) and the V4 PoolModifyLiquidityTest router, and
 * launchpad curve buys and sells (the launch fee paid, the trader its own operator).
 */
import {
  createWalletClient,
  encodeAbiParameters,
  http,
  keccak256,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  type Address,
  type Hash,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvilAccount } from '@/devnet/accounts';
import { v4KeyOf } from '@/devnet/evm/world-pool-checks';
import type { ExactWorld } from '@/server/routing/exact/test-support/exact-world';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { receiptOf } from '@/devnet/evm/receipt';

/** Not one of the world's listed accounts (0–19) nor the bridge solver (40): no other test signs with it. */
export const TRADER_ACCOUNT = 33;
const DEADLINE = 2n ** 40n;
const GAS = 3_000_000n;

const erc20Abi = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function deposit() payable',
]);
const launchpadAbi = parseAbi([
  'function launchFee() view returns (uint256)',
  'function payLaunchFee(address token, address operator) payable',
  'function buy(address token, uint256 minOut, address trader, address recipient) returns (uint256)',
  'function sell(address token, uint256 minOut, address trader, address recipient) returns (uint256)',
]);
const v2RouterAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const swapRouterAbi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);
const minterAbi = parseAbi(['function mint(address pool, address recipient, int24 tickLower, int24 tickUpper, uint128 liquidity) returns (uint256, uint256)']);
const poolBurnAbi = parseAbi(['function burn(int24 tickLower, int24 tickUpper, uint128 amount) returns (uint256, uint256)']);
const modifyLiquidityAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct ModifyLiquidityParams { int24 tickLower; int24 tickUpper; int256 liquidityDelta; bytes32 salt; }',
  'function modifyLiquidity(PoolKey key, ModifyLiquidityParams params, bytes hookData) payable returns (int256 delta)',
]);

export interface WorldTrader {
  address: Address;
  /** Swaps `amountIn` of `tokenIn` through `pool` (Uniswap V2 or V3). */
  swap(pool: RoutablePool, tokenIn: Address, amountIn: bigint): Promise<void>;
  /** Buys a launch token on its curve with `amountIn` wrapped native, or sells `amountIn` of it (the launch fee paid, as an operator of its own). */
  curveTrade(pool: RoutablePool, buy: boolean, amountIn: bigint): Promise<void>;
  /** Adds (positive) or removes (negative) liquidity over [tickLower, tickUpper) (Uniswap/PancakeSwap V3, Uniswap V4). */
  liquidity(pool: RoutablePool, tickLower: number, tickUpper: number, delta: bigint): Promise<void>;
}

/** The trader, funded with native, wrapped native and `tokens` (world ERC-20s: balances at slot 0), every spender approved. */
export async function worldTrader(w: ExactWorld, tokens: readonly Address[]): Promise<WorldTrader> {
  const account = privateKeyToAccount(anvilAccount(TRADER_ACCOUNT).privateKey);
  const wallet: WalletClient = createWalletClient({ account, transport: http(w.entry.rpcUrl) });
  const c = w.contracts;
  const send = async (request: Parameters<WalletClient['writeContract']>[0]): Promise<void> => {
    const hash: Hash = await wallet.writeContract({ ...request, account, chain: null, gas: GAS });
    const receipt = await receiptOf(w.client, hash);
    if (receipt.status !== 'success') throw new Error(`${request.functionName} reverted`);
  };
  await w.client.request({ method: 'anvil_setBalance', params: [account.address, numberToHex(parseEther('1000000'))] } as never);
  await send({ address: w.entry.wrappedNative as Address, abi: erc20Abi, functionName: 'deposit', value: parseEther('100000') } as never);
  for (const token of tokens) {
    if (token.toLowerCase() === w.entry.wrappedNative.toLowerCase()) continue;
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account.address, 0n]));
    await w.client.request({ method: 'anvil_setStorageAt', params: [token, slot, numberToHex(1n << 200n, { size: 32 })] } as never);
  }
  const spenders = [c.uniswapV2Router02, c.swapRouter, c.v3LiquidityMinter, c.pancakeV3LiquidityMinter, c.v4PoolModifyLiquidityTest].filter(
    Boolean,
  ) as Address[];
  for (const token of tokens)
    for (const spender of spenders) await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] } as never);

  const other = (pool: RoutablePool, token: Address) => (token.toLowerCase() === pool.token0.toLowerCase() ? pool.token1 : pool.token0);
  return {
    address: account.address,
    async swap(pool, tokenIn, amountIn) {
      const tokenOut = other(pool, tokenIn);
      if (pool.venue === 'UNISWAP_V2') {
        const args = [amountIn, 0n, [tokenIn, tokenOut], account.address, DEADLINE] as const;
        return send({ address: c.uniswapV2Router02!, abi: v2RouterAbi, functionName: 'swapExactTokensForTokens', args } as never);
      }
      if (pool.venue !== 'UNISWAP_V3') throw new Error(`no swap through ${pool.venue} here`);
      const params = {
        tokenIn,
        tokenOut,
        fee: pool.fee,
        recipient: account.address,
        deadline: DEADLINE,
        amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      };
      return send({ address: c.swapRouter!, abi: swapRouterAbi, functionName: 'exactInputSingle', args: [params] } as never);
    },
    async curveTrade(pool, buy, amountIn) {
      const token: Address = `0x${pool.id.slice(-40)}`;
      const launchFee = await w.client.readContract({ address: pool.address, abi: launchpadAbi, functionName: 'launchFee' });
      await send({ address: pool.address, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, account.address], value: launchFee } as never);
      const paid = buy ? (w.entry.wrappedNative as Address) : token;
      await send({ address: paid, abi: erc20Abi, functionName: 'transfer', args: [pool.address, amountIn] } as never);
      const functionName = buy ? 'buy' : 'sell';
      return send({ address: pool.address, abi: launchpadAbi, functionName, args: [token, 0n, account.address, account.address] } as never);
    },
    async liquidity(pool, tickLower, tickUpper, delta) {
      if (pool.venue === 'UNISWAP_V4') {
        const params = { tickLower, tickUpper, liquidityDelta: delta, salt: `0x${'00'.repeat(32)}` as const };
        return send({
          address: c.v4PoolModifyLiquidityTest!,
          abi: modifyLiquidityAbi,
          functionName: 'modifyLiquidity',
          args: [v4KeyOf(pool), params, '0x'],
        } as never);
      }
      if (delta < 0n) return send({ address: pool.address, abi: poolBurnAbi, functionName: 'burn', args: [tickLower, tickUpper, -delta] } as never);
      const minter = pool.venue === 'PANCAKESWAP_V3' ? c.pancakeV3LiquidityMinter! : c.v3LiquidityMinter!;
      return send({ address: minter, abi: minterAbi, functionName: 'mint', args: [pool.address, account.address, tickLower, tickUpper, delta] } as never);
    },
  };
}
