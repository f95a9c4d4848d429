/**
 * The world's strategy token (contracts/tokens/StrategyVault.sol): ERC-4626 shares of ALPHA that only permitted
 * holders may hold or move, deployed on every chain right after the launchpad (so it sits at one address on
 * every chain, beside the launchpad tokens), with a Uniswap V2 pair against the native coin. A trader without
 * the permit is quoted it as v2 `extra` (server/tokens/strategy-token.ts), so the permit can be tried by hand
 * on the local world. The deployer permits itself, deposits ALPHA for shares at one share per ALPHA, and seeds
 * the pair (pairs of the V2 factory need no permit).
 */
import { erc20Abi, maxUint256, parseAbi, type Address } from 'viem';
import type { CompiledContracts } from './compile';
import type { Deployer } from './deployer';
import type { EvmWorldToken, WorldTokens } from './tokens';
import { WNATIVE } from './world-spec';

/** What the world deploys: the shares of `asset`, and the USD put on each side of their V2 pair. */
export const STRATEGY_TOKEN = { symbol: 'STRAT', name: 'Strategy Token', asset: 'ALPHA', pairDepthUsd: 100_000 } as const;

const vaultAbi = parseAbi(['function permit()', 'function deposit(uint256 assets, address receiver) returns (uint256)']);
const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const v2RouterAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);

/** Native the deployer puts into the strategy token's pair. */
export function strategyTokenNative(nativeAmount: (usd: number) => bigint): bigint {
  return nativeAmount(STRATEGY_TOKEN.pairDepthUsd);
}

export async function deployStrategyToken(
  deployer: Deployer,
  compiled: CompiledContracts,
  tokens: WorldTokens,
  contracts: { v2Factory: Address; v2Router: Address },
  nativeAmount: (usd: number) => bigint,
): Promise<{ token: EvmWorldToken; pair: Address }> {
  const { symbol, name, asset, pairDepthUsd } = STRATEGY_TOKEN;
  const alpha = tokens.addressOf(asset);
  const vault = await deployer.deploy(symbol, compiled.StrategyVault.abi, compiled.StrategyVault.bytecode, [
    alpha,
    name,
    symbol,
    contracts.v2Factory,
    deployer.address,
  ]);
  // One share per ALPHA on the first deposit: the pair's share side is worth the ALPHA put in.
  const shares = tokens.amountFor(asset, pairDepthUsd);
  await deployer.write(`${symbol} permit`, { address: vault, abi: vaultAbi, functionName: 'permit', args: [] });
  await deployer.write(`approve ${asset} to ${symbol}`, { address: alpha, abi: erc20Abi, functionName: 'approve', args: [vault, shares] });
  await deployer.write(`${symbol} deposit`, { address: vault, abi: vaultAbi, functionName: 'deposit', args: [shares, deployer.address] });
  await deployer.write(`approve ${symbol}`, { address: vault, abi: erc20Abi, functionName: 'approve', args: [contracts.v2Router, maxUint256] });
  await deployer.write(`${symbol} pair`, {
    address: contracts.v2Router,
    abi: v2RouterAbi,
    functionName: 'addLiquidityETH',
    args: [vault, shares, shares, 0n, deployer.address, 2n ** 40n],
    value: nativeAmount(pairDepthUsd),
  });
  const pair = await deployer.publicClient.readContract({
    address: contracts.v2Factory,
    abi: v2FactoryAbi,
    functionName: 'getPair',
    args: [vault, tokens.addressOf(WNATIVE)],
  });
  return { token: { symbol, name, address: vault, decimals: 18, kind: 'strategy' }, pair };
}
