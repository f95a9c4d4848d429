/**
 * The contracts every venue and the app build on: the wrapped native token and Multicall3 (first, so that
 * venues can be deployed against the wrapped native), and the project's Router and bridge Depository, which
 * `npm run deploy` puts in place as on a real chain.
 */
import { getAddress, parseAbi, type Address, type Hex } from 'viem';
import { CHAINS } from '@/server/chains/registry';
import { anvilAccount, type DevAccount } from '../accounts';
import { loadArtifact } from './artifacts';
import { canonicalPlacements } from './canonical-addresses';
import type { CompiledContracts } from './compile';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { deployProjectContracts as deploy } from '@/server/deploy/deploy-contracts';
import type { Deployer } from './deployer';
import type { WrappedNativeToken } from './tokens';
import { BRIDGE_SOLVER_ACCOUNT, ROUTER_FEE_COLLECTOR_ACCOUNT, WRAPPED_NATIVE_NAMES } from './world-spec';

/** Canonical Multicall3 address (same on nearly every public chain, and viem's default). */
export const MULTICALL3_ADDRESS = getAddress('0xcA11bde05977b3631167028862bE2a173976CA11');

const symbolAbi = parseAbi(['function symbol() view returns (string)']);

/** WETH9, renamed after the chain's native coin (WBNB, WAVAX, ...). */
export async function deployWrappedNative(deployer: Deployer, nativePriceUsd: number): Promise<WrappedNativeToken> {
  const chainInfo = CHAINS[deployer.chain];
  const weth9 = loadArtifact('WETH9');
  const address = await deployer.deploy('WETH9', weth9.abi, weth9.bytecode);
  // WETH9 hard-codes "Wrapped Ether"/"WETH" in storage slots 0 and 1: rename per chain while keeping the
  // audited bytecode.
  const symbol = `W${chainInfo.nativeSymbol}`;
  const name = WRAPPED_NATIVE_NAMES[chainInfo.nativeSymbol] ?? `Wrapped ${chainInfo.nativeSymbol}`;
  await deployer.cheat('anvil_setStorageAt', [address, '0x0', shortStringSlot(name)]);
  await deployer.cheat('anvil_setStorageAt', [address, '0x1', shortStringSlot(symbol)]);
  return { symbol, name, address, decimals: chainInfo.nativeDecimals, kind: 'native-wrapped', priceUsd: nativePriceUsd };
}

/** Checks the rename held (read back through the contract, as every client will read it). */
export async function checkWrappedNative(deployer: Deployer, wrapped: WrappedNativeToken): Promise<void> {
  const symbol = await deployer.publicClient.readContract({ address: wrapped.address, abi: symbolAbi, functionName: 'symbol' });
  if (symbol !== wrapped.symbol) throw new Error(`${deployer.chain}: wrapped native symbol is ${symbol}, expected ${wrapped.symbol}`);
}

/**
 * Tooling (viem's multicall among it) assumes the canonical Multicall3 address; the contract has no
 * constructor state, so installing its runtime code there is the same as deploying it.
 */
export async function installMulticall3(deployer: Deployer, compiled: CompiledContracts): Promise<Address> {
  // A chain whose Multicall3 lives elsewhere (Abstract) has it there in the world too.
  const address = canonicalPlacements(deployer.chain).Multicall3 ?? MULTICALL3_ADDRESS;
  await deployer.cheat('anvil_setCode', [address, compiled.Multicall3.deployedBytecode]);
  return address;
}

/**
 * The project's Router and the bridge Depository, put where `npm run deploy` puts them for the world's solver
 * (the same address on every chain): the Router owned by the solver and collecting fees to the world's fee
 * collector account, the Depository forwarding deposits to the solver, whose balance (`solverBalance`, set
 * after it paid for the deploy) is its inventory.
 */
export async function deployProjectContracts(
  deployer: Deployer,
  rpcUrl: string,
  wrappedNative: Address,
  solverBalance: bigint,
): Promise<{ router: Address; depository: Address; solver: DevAccount }> {
  const solver = anvilAccount(BRIDGE_SOLVER_ACCOUNT);
  await deployer.setBalance(solver.address, solverBalance);
  const deployed = await deploy({
    chain: deployer.chain,
    rpc: createRpcTransport({ chain: deployer.chain, urls: [rpcUrl], timeoutMs: 60_000 }),
    deployerKey: solver.privateKey,
    wrappedNative,
    feeCollector: getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address),
  });
  await deployer.setBalance(solver.address, solverBalance);
  const at = (contract: 'router' | 'depository') => deployed.find((entry) => entry.contract === contract)!.address;
  return { router: at('router'), depository: at('depository'), solver };
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
