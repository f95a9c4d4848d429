import type { ChainFamilyProvider } from '../family-provider-types';
import { SOLANA_FINALIZED_DEPTH } from '../registry';
import { getBalance } from './actions/get-balance';
import { getSignatureStatus } from './actions/get-signature-status';
import { getSlot } from './actions/get-slot';
import { sendTransaction } from './actions/send-transaction';
import { waitForConfirmation } from './actions/wait-for-confirmation';
import { isSolanaAddress } from './address';
import { readSolanaPriorityFees } from './solana-priority-fees';
import { readSolanaTokenBalance } from './solana-token-balance';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// A 64-byte ed25519 signature in base58: 87 or 88 characters, fewer with leading zero bytes.
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;
/** The wrapped-SOL mint: the native coin where a token contract is asked for. */
const SOL_NATIVE_MINT = 'So11111111111111111111111111111111111111112';
/**
 * The incinerator: a valid public key no one signs for, and no program (a program's id, such as the System
 * Program's, may not pay a transaction's fees, and the price-only quote still builds its transaction).
 */
const PRICE_ONLY_SOLANA_WALLET = '1nc1nerator11111111111111111111111111111111';

export const solanaFamily: ChainFamilyProvider = {
  family: 'solana',
  isAddress: isSolanaAddress,
  // Base58 is case-sensitive: the address as given is the key.
  tokenKey: (token) => token,
  canonicalAddress: (address) => address,
  addressForm: 'a Solana base58 address',
  nativeTokenContract: SOL_NATIVE_MINT,
  tokenStandard: 'spl',
  priceOnlyWallet: PRICE_ONLY_SOLANA_WALLET,
  // Base64 that starts with 0x is refused: read as hex gone wrong, not as base64.
  isSignedTransaction: (text) => BASE64.test(text) && !text.startsWith('0x'),
  signedTransactionForm: 'base64',
  isTransactionHash: (text) => SIGNATURE.test(text),
  transactionHashForm: 'a base58 transaction signature',
  latestHeight: (chain, options) => getSlot(chain.rpc, options),
  async headTimeMs(chain, timeoutMs) {
    const slot = await chain.rpc.request<number>('getSlot', [], { timeoutMs });
    const seconds = await chain.rpc.request<number | null>('getBlockTime', [slot], { timeoutMs });
    return seconds === null ? undefined : seconds * 1000;
  },
  maxDepositConfirmations: SOLANA_FINALIZED_DEPTH,
  nativeBalance: (chain, wallet) => getBalance(chain.rpc, wallet),
  tokenBalance: readSolanaTokenBalance,
  priorityFees: (chain) => readSolanaPriorityFees(chain.rpc),
  async sendAndWait(chain, signed, options) {
    const known = options.lookFirst ? await getSignatureStatus(chain.rpc, signed.hash) : undefined;
    if (!known?.confirmed) await sendTransaction(chain.rpc, signed.raw, { preflight: false });
    const landed = await waitForConfirmation(chain.rpc, signed.hash, { timeoutMs: options.timeoutMs });
    return landed.state === 'confirmed' ? { landed: true, succeeded: !landed.err } : { landed: false };
  },
  solverKeySetting: 'SOLVER_SECRET_KEY_SOL',
  solverKey: (settings, world) => settings.SOLVER_SECRET_KEY_SOL ?? world?.solver?.secretKey,
};
