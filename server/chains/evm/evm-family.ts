import { getAddress } from 'viem';
import type { ChainFamilyProvider } from '../family-provider-types';
import { NATIVE_TOKEN_ADDRESS } from '../registry';
import { getBalance } from './actions/get-balance';
import { getBlockNumber } from './actions/get-block-number';
import { sendAndWaitForReceipt } from './actions/send-and-wait';
import { readEvmPriorityFees } from './evm-priority-fees';
import { readEvmTokenBalance } from './evm-token-balance';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNED_TRANSACTION = /^0x[0-9a-fA-F]+$/;
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;
/** Deeper than any chain's finality; a larger number is a typo rather than a wish. */
const MAX_EVM_CONFIRMATIONS = 1_000;
// Lower case: a valid address in every form viem takes (a mixed-case one must carry its checksum).
const PRICE_ONLY_EVM_WALLET = '0x00000000000000000000000000000000000face1';

export const evmFamily: ChainFamilyProvider = {
  family: 'evm',
  isAddress: (text) => EVM_ADDRESS.test(text),
  tokenKey: (token) => token.toLowerCase(),
  canonicalAddress: (address) => getAddress(address),
  addressForm: 'an EVM address (0x + 40 hex digits)',
  nativeTokenContract: NATIVE_TOKEN_ADDRESS,
  tokenStandard: 'erc20',
  priceOnlyWallet: PRICE_ONLY_EVM_WALLET,
  isSignedTransaction: (text) => SIGNED_TRANSACTION.test(text),
  signedTransactionForm: '0x-prefixed hex',
  isTransactionHash: (text) => TRANSACTION_HASH.test(text),
  transactionHashForm: '0x followed by 64 hex digits',
  latestHeight: async (chain, options) => Number(await getBlockNumber(chain.rpc, options)),
  async headTimeMs(chain, timeoutMs) {
    const block = await chain.rpc.request<{ timestamp: string } | null>('eth_getBlockByNumber', ['latest', false], { timeoutMs });
    return block ? Number(BigInt(block.timestamp)) * 1000 : undefined;
  },
  maxDepositConfirmations: MAX_EVM_CONFIRMATIONS,
  nativeBalance: (chain, wallet) => getBalance(chain.rpc, wallet),
  tokenBalance: readEvmTokenBalance,
  priorityFees: (chain) => readEvmPriorityFees(chain.rpc),
  async sendAndWait(chain, signed, options) {
    const mined = await sendAndWaitForReceipt(chain.rpc, signed.raw, { hash: signed.hash, ...options });
    return mined ? { landed: true, succeeded: mined.status === 'success' } : { landed: false };
  },
  solverKeySetting: 'SOLVER_PRIVATE_KEY',
  solverKey: (settings, world) => settings.SOLVER_PRIVATE_KEY ?? world?.solver?.privateKey,
};
