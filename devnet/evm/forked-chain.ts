/**
 * A chain of the local world run as a fork of a real chain (`FORK_URL_<CHAIN>`): anvil on top of the real
 * chain's state, with the project's Router and Depository deployed there by `npm run deploy`'s code for the
 * world's solver, and the chain described from the address book (its wrapped native, stables and venues are
 * the real ones). The world's listed accounts are funded on it as on every other chain.
 */
import { getAddress, parseEther, type Address } from 'viem';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { deployProjectContracts } from '@/server/deploy/deploy-contracts';
import { anvilAccount } from '../accounts';
import { BRIDGE_SOLVER_ACCOUNT, ROUTER_FEE_COLLECTOR_ACCOUNT } from './world-spec';

/** What the solver is given on a fork to pay for the deploy and to fill bridges with (fork money, not real). */
const FORK_SOLVER_NATIVE = parseEther('1000');

export async function prepareForkedChain(
  chain: EvmChainId,
  rpcUrl: string,
): Promise<Pick<ManifestChain, 'routerAddress' | 'wrappedNative' | 'contracts' | 'tokens' | 'solver'>> {
  const book = ADDRESS_BOOK[chain];
  if (!book) throw new Error(`${chain} has no address book entry: a fork of it would have no venues to trade on`);
  const solver = anvilAccount(BRIDGE_SOLVER_ACCOUNT);
  const rpc = createRpcTransport({ chain, urls: [rpcUrl], timeoutMs: 60_000 });
  await rpc.request('anvil_setBalance', [solver.address, `0x${FORK_SOLVER_NATIVE.toString(16)}`]);
  const deployed = await deployProjectContracts({
    chain,
    rpc,
    deployerKey: solver.privateKey,
    wrappedNative: getAddress(book.wrappedNative.address),
    feeCollector: getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address),
  });
  const at = (contract: 'router' | 'depository'): Address => deployed.find((entry) => entry.contract === contract)!.address;
  const venueContracts: Record<string, string | undefined> = {
    multicall3: book.multicall3?.address ?? '0xcA11bde05977b3631167028862bE2a173976CA11',
    uniswapV2Factory: book.uniswapV2?.factory,
    uniswapV2Router02: book.uniswapV2?.router02,
    uniswapV3Factory: book.uniswapV3?.factory,
    quoterV2: book.uniswapV3?.quoterV2,
    swapRouter: book.uniswapV3?.swapRouter02,
    uniswapV4PoolManager: book.uniswapV4?.poolManager,
    v4Quoter: book.uniswapV4?.v4Quoter,
    pancakeV3Factory: book.pancakeswapV3?.factory,
    pancakeV3PoolDeployer: book.pancakeswapV3?.poolDeployer,
    pancakeV3SwapRouter: book.pancakeswapV3?.swapRouter,
    pancakeV2Factory: book.pancakeswapV2?.factory,
    pancakeV2Router: book.pancakeswapV2?.router02,
  };
  return {
    routerAddress: at('router'),
    wrappedNative: book.wrappedNative.address,
    contracts: {
      ...Object.fromEntries(Object.entries(venueContracts).filter((entry): entry is [string, string] => entry[1] !== undefined)),
      router: at('router'),
      depository: at('depository'),
    },
    tokens: [
      {
        symbol: book.wrappedNative.symbol,
        name: `Wrapped ${CHAINS[chain].nativeSymbol}`,
        address: book.wrappedNative.address,
        decimals: book.wrappedNative.decimals,
        kind: 'native-wrapped',
      },
      ...book.stables.map((stable) => ({
        symbol: stable.symbol,
        name: stable.symbol,
        address: stable.address,
        decimals: stable.decimals,
        kind: 'stable' as const,
      })),
    ],
    solver: { address: solver.address, privateKey: solver.privateKey },
  };
}
