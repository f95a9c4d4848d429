import type { ChainFamilyProvider } from '../chain-family';
import { getBalance } from './actions/get-balance';
import { getBlockNumber } from './actions/get-block-number';
import { readEvmPriorityFees } from './evm-priority-fees';
import { readEvmTokenBalance } from './evm-token-balance';

export const evmFamily: ChainFamilyProvider = {
  latestHeight: async (chain, options) => Number(await getBlockNumber(chain.rpc, options)),
  nativeBalance: (chain, wallet) => getBalance(chain.rpc, wallet),
  tokenBalance: readEvmTokenBalance,
  tokenKey: (token) => token.toLowerCase(),
  priorityFees: (chain) => readEvmPriorityFees(chain.rpc),
};
