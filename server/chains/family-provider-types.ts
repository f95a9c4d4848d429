/**
 * What the service asks of a chain whatever its family (LI.FI's one provider per chain family): one provider
 * per family, `evm/evm-family.ts` and `solana/solana-family.ts`, looked up by chain in `chain-family.ts`, so
 * no caller branches on the family.
 *
 * Why the provider stops at the chain layer: the trading engine, the bridge chain, the value estimator and the
 * token readers of each family live in higher layers (trading, bridge, tokens), and server/chains imports
 * nothing above it. So this interface holds the family's chain-level primitives only (addresses, balances,
 * sending and waiting, fees, the solver's key), and the composition root (`server/family-services.ts`, used by
 * `server/services.ts`) joins it with each layer's per-family part into one object per family, which it
 * injects as `families`. A per-family table, or a branch on the family, exists only in server/chains/ and in
 * the composition root.
 *
 * A leaf: it imports types only, so the implementations can import it without a circle.
 */
import type { PriorityFees } from './fee-levels';
import type { ConfiguredChain } from './chain-directory';
import type { ManifestChain } from './devnet-manifest';
import type { ChainFamily } from './registry';

export interface TokenAmount {
  /** Raw units: wei, lamports, token base units. */
  balance: bigint;
  decimals: number;
}

/** The solver's key settings, one per family (environment, else the local world's manifest). */
export interface SolverKeySettings {
  SOLVER_PRIVATE_KEY?: string;
  SOLVER_SECRET_KEY_SOL?: string;
}

/** A signed transaction and the hash (EVM) or signature (Solana) it is known by. */
export interface SignedTransaction {
  raw: string;
  hash: string;
}

export interface SendAndWaitOptions {
  timeoutMs: number;
  /** It may have been sent, even landed, before: a used nonce or a known transaction is then no refusal. */
  resend?: boolean;
  /** Ask the chain first whether it already landed (an earlier attempt), and send only when it did not. */
  lookFirst?: boolean;
}

/** What became of a sent transaction: landed (succeeded or failed on chain), or not yet within the wait. */
export type SendOutcome = { landed: true; succeeded: boolean } | { landed: false };

export interface ChainFamilyProvider {
  readonly family: ChainFamily;

  /** An address of this family (EVM: 0x + 40 hex digits; Solana: base58 of 32 bytes). */
  isAddress(text: string): boolean;
  /** The form of an address that names the same token whatever its spelling (EVM hex is case-insensitive). */
  tokenKey(token: string): string;
  /** The spelling answers use: EIP-55 checksummed on EVM chains, as given on Solana. */
  canonicalAddress(address: string): string;
  /** How an address looks here, for messages: "an EVM address (0x + 40 hex digits)". */
  readonly addressForm: string;
  /** The native coin as a token contract (the wrapped-native mint on Solana; the zero address on EVM chains). */
  readonly nativeTokenContract: string;
  /** The standard its tokens follow: what a token audit provider says it covers. */
  readonly tokenStandard: 'erc20' | 'spl';
  /** A wallet no key exists for, holding nothing: what price-only quotes are priced as. */
  readonly priceOnlyWallet: string;

  /** A signed transaction as the API takes it (EVM: 0x-hex; Solana: base64). */
  isSignedTransaction(text: string): boolean;
  /** How a signed transaction is encoded here, for messages. */
  readonly signedTransactionForm: string;
  /** A transaction hash (EVM) or signature (Solana) as written here. */
  isTransactionHash(text: string): boolean;
  /** How a transaction hash looks here, for messages. */
  readonly transactionHashForm: string;

  /** Latest block number (EVM) or confirmed slot (Solana). */
  latestHeight(chain: ConfiguredChain, options?: { timeoutMs?: number }): Promise<number>;
  /** When the newest block was made, ms since the epoch; undefined when the node does not say. */
  headTimeMs(chain: ConfiguredChain, timeoutMs: number): Promise<number | undefined>;
  /** The most confirmations a deposit may be asked to wait for (Solana: the `finalized` depth itself). */
  readonly maxDepositConfirmations: number;
  /** The wallet's native coin in raw units. */
  nativeBalance(chain: ConfiguredChain, wallet: string): Promise<bigint>;
  /** `knownDecimals` is given when already read once, so the provider can skip reading them again. */
  tokenBalance(chain: ConfiguredChain, wallet: string, token: string, knownDecimals: number | undefined): Promise<TokenAmount>;
  /** The four priority levels of fees, from the chain's recent blocks. */
  priorityFees(chain: ConfiguredChain): Promise<PriorityFees>;
  /** Sends a signed transaction and waits until it lands or the wait is over. */
  sendAndWait(chain: ConfiguredChain, signed: SignedTransaction, options: SendAndWaitOptions): Promise<SendOutcome>;

  /** The setting that holds the solver's key on this family. */
  readonly solverKeySetting: keyof SolverKeySettings;
  /** The solver's key here: its setting, else the local world's. */
  solverKey(settings: SolverKeySettings, world: ManifestChain | undefined): string | undefined;
}
