import type { ChainFamilyProvider } from '../chain-family';
import { getBalance } from './actions/get-balance';
import { getSlot } from './actions/get-slot';
import { readSolanaPriorityFees } from './solana-priority-fees';
import { readSolanaTokenBalance } from './solana-token-balance';

export const solanaFamily: ChainFamilyProvider = {
  latestHeight: (chain, options) => getSlot(chain.rpc, options),
  nativeBalance: (chain, wallet) => getBalance(chain.rpc, wallet),
  tokenBalance: readSolanaTokenBalance,
  // Base58 is case-sensitive: the address as given is the key.
  tokenKey: (token) => token,
  priorityFees: (chain) => readSolanaPriorityFees(chain.rpc),
};
