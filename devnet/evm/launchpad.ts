/**
 * The world's launchpad (contracts/launchpad): one per chain, deployed after every contract all chains share,
 * with two tokens on their curves, sized in USD like the pools: LAUNCH early on its curve (10 % of the way
 * to graduation) and GRAD near the end (95 %: a buy of about $250 graduates it to a Uniswap V2 pair). The
 * deployer fills the curves with real buys, each after its launch fee.
 */
import { parseAbi, type Address } from 'viem';
import type { CompiledContracts } from './compile';
import type { Deployer } from './deployer';
import type { EvmWorldToken } from './tokens';

/** USD sizes of every curve: its virtual native reserve, the native it raises before graduating, and the launch fee. */
export const LAUNCH_CURVE_USD = { virtualNative: 5_000, graduation: 5_000, launchFee: 1 } as const;
const LAUNCH_SUPPLY = 1_000_000_000n * 10n ** 18n;

export const LAUNCH_TOKENS = [
  { symbol: 'LAUNCH', name: 'Launch Token', filled: 0.1 },
  { symbol: 'GRAD', name: 'Graduating Token', filled: 0.95 },
] as const;

const wrappedAbi = parseAbi(['function deposit() payable', 'function transfer(address, uint256) returns (bool)']);

export interface DeployedLaunchpad {
  launchpad: Address;
  tokens: EvmWorldToken[];
}

/** Native needed to fill the world's curves and pay their fees. */
export function launchpadNative(nativeAmount: (usd: number) => bigint): bigint {
  const fills = LAUNCH_TOKENS.reduce((sum, token) => sum + nativeAmount(LAUNCH_CURVE_USD.graduation * token.filled), 0n);
  return fills + nativeAmount(LAUNCH_CURVE_USD.launchFee) * BigInt(LAUNCH_TOKENS.length);
}

export async function deployLaunchpad(
  deployer: Deployer,
  compiled: CompiledContracts,
  wrapped: Address,
  v2Factory: Address,
  nativeAmount: (usd: number) => bigint,
): Promise<DeployedLaunchpad> {
  const abi = compiled.Launchpad.abi;
  const fee = nativeAmount(LAUNCH_CURVE_USD.launchFee);
  const launchpad = await deployer.deploy('Launchpad', abi, compiled.Launchpad.bytecode, [wrapped, v2Factory, fee, deployer.address, deployer.address]);
  const tokens: EvmWorldToken[] = [];
  for (const spec of LAUNCH_TOKENS) {
    await deployer.write(`create ${spec.symbol}`, {
      address: launchpad,
      abi,
      functionName: 'createToken',
      args: [spec.name, spec.symbol, LAUNCH_SUPPLY, nativeAmount(LAUNCH_CURVE_USD.virtualNative), nativeAmount(LAUNCH_CURVE_USD.graduation)],
    });
    const token = await launchTokenAt(deployer, launchpad, tokens.length);
    tokens.push({ symbol: spec.symbol, name: spec.name, address: token, decimals: 18, kind: 'launchpad' });
    const fill = nativeAmount(LAUNCH_CURVE_USD.graduation * spec.filled);
    await deployer.write(`${spec.symbol} launch fee`, { address: launchpad, abi, functionName: 'payLaunchFee', args: [token, deployer.address], value: fee });
    await deployer.write(`wrap for ${spec.symbol}`, { address: wrapped, abi: wrappedAbi, functionName: 'deposit', args: [], value: fill });
    await deployer.write(`pay ${spec.symbol}'s curve`, { address: wrapped, abi: wrappedAbi, functionName: 'transfer', args: [launchpad, fill] });
    await deployer.write(`fill ${spec.symbol}'s curve`, {
      address: launchpad,
      abi,
      functionName: 'buy',
      args: [token, 0n, deployer.address, deployer.address],
    });
  }
  return { launchpad, tokens };
}

/** The address of the launchpad's `index`-th token: contracts it creates get nonces 1, 2, ... (EIP-161). */
async function launchTokenAt(deployer: Deployer, launchpad: Address, index: number): Promise<Address> {
  const { getContractAddress } = await import('viem');
  return getContractAddress({ from: launchpad, nonce: BigInt(index + 1) });
}
