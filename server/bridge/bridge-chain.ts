/**
 * What the bridge needs from one chain, whatever its family: pricing its native coin, building and checking
 * deposits, finding deposits on chain, and paying out (fills and refunds) from the solver's inventory.
 * EVM chains implement it in `evm/evm-bridge-chain.ts`, SOL in `solana/solana-bridge-chain.ts`; the quote,
 * execute and solver code never asks which family it is talking to.
 */
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { ApprovalSize } from '@/server/trading/swap-types';

/** A token as the bridge names it: the native coin is NATIVE_TOKEN_ADDRESS (the zero address) on every chain. */
export interface BridgeToken {
  address: string;
  symbol: string;
  decimals: number;
}

/** A chain's native coin as a BridgeToken, from the chain table. */
export function nativeBridgeToken(chain: ChainId): BridgeToken {
  const { nativeSymbol, nativeDecimals } = CHAINS[chain];
  return { address: NATIVE_TOKEN_ADDRESS, symbol: nativeSymbol, decimals: nativeDecimals };
}

/** What a token deposit also needs: an approval (of the Depository, or the Router for a swap-and-deposit), when the allowance is short. */
export interface BuiltDeposit {
  deposit: string;
  approve?: string;
}

/**
 * One of the assets the solver takes in deposits and pays from its inventory on a chain (BRIDGE_ASSETS_<CHAIN>):
 * the native coin, its wrapped form, a USD stable. Nothing else ever reaches the solver.
 */
export interface BridgeAsset {
  address: string;
  decimals: number;
  kind: 'native' | 'wrapped' | 'stable';
}

/**
 * The native coin's USD price: `spot` as the market reads now, and `low`..`high`, the range no single swap can
 * push it out of (time-weighted and historical prices beside the spot prices of the main pools). Conversions
 * take the end of the range that is worse for the user.
 */
export interface NativeUsdRange {
  spot: number;
  low: number;
  high: number;
  /** The head block the range was read at, where the chain has blocks to read it at. */
  block?: bigint;
}

/** A swap-and-deposit (EVM): the Router call the trader signs, its approval of the Router, and the call's hash the deposit is checked against. */
export interface BuiltSwapDeposit extends BuiltDeposit {
  callHash: string;
}

/** A deposit found on the source chain: value sent to the depository carrying a requestId. */
export interface FoundDeposit {
  requestId: string;
  txHash: string;
  /** The sender of the deposit (refunds go back to it). */
  from: string;
  /** Raw units that reached the solver: of `token`, or of the native coin when it is absent. */
  amount: bigint;
  token?: string;
  /** When the deposit was confirmed (block time, ms since epoch): the rate holds only until the quote expires. */
  confirmedAtMs: number;
}

/** A payment signed by the solver but perhaps not yet sent: stored first, so only this exact one is ever sent. */
export interface SignedPayment {
  txHash: string;
  /** EVM: signed transaction hex; SOL: base64 wire transaction. */
  raw: string;
}

/**
 * Where a sent payment stands. `dropped`: it can never land (its nonce was used by another transaction, or
 * its blockhash expired unconfirmed), so signing a new one is safe.
 */
export type PaymentState = 'confirmed' | 'reverted' | 'pending' | 'dropped';

/** How deep a deposit is: its confirmations (its own block counted) against the chain's depth. */
export interface DepositDepth {
  confirmations: number;
  required: number;
}

/**
 * Where a deposit transaction stands once broadcast: `confirmed` is mined and successful; `final` when it has
 * the depth as well (at depth 1, mined is final), so that it may be filled or refunded.
 */
export type DepositState =
  { state: 'confirmed'; deposit: FoundDeposit; depth: DepositDepth; final: boolean } | { state: 'reverted' | 'pending'; deposit?: undefined };

/**
 * A deposit seen before, read again: `final` (at depth, and still in the canonical chain there), `below` the
 * depth still, or `gone` (a reorganisation took it out of the chain, or it no longer pays the depository).
 */
export type DepositRecheck = { state: 'final'; deposit: FoundDeposit; depth: DepositDepth } | { state: 'below'; depth: DepositDepth } | { state: 'gone' };

/** A scan's findings: deposits at depth, and those seen below it (found again by later scans until final). */
export interface ScannedDeposits {
  deposits: FoundDeposit[];
  seen?: { deposit: FoundDeposit; depth: DepositDepth }[];
  cursor: string;
}

export interface BridgeChain {
  chain: ChainId;
  /** Confirmations a deposit needs before the solver pays for it (its own block counted; 1: mined). */
  confirmations: number;
  /** Where deposits go: EVM, the Depository contract; SOL, the solver's own address. */
  depository: string;
  /** The solver's address: its native balance is the inventory fills are paid from. */
  solver: string;
  /**
   * USD per whole native coin, from the chain's stable pool (EVM) or the Solana route source (the local maker,
   * else Jupiter); 0 when there is no such market. A source that cannot be asked throws its own error.
   */
  nativeUsd(): Promise<number>;
  /**
   * The solver's spendable native balance (raw), after what the chain requires it to keep; of `held`, when the
   * caller read the solver's balance already (a destination swap's quote reads it with the pools).
   */
  inventory(held?: bigint): Promise<bigint>;
  /** The native coin, and the USD stable the solver also takes and pays (none where it takes the native coin only). */
  nativeToken: BridgeToken;
  stable: { address: string; decimals: number } | undefined;
  /** The assets the solver takes and pays here (BRIDGE_ASSETS_<CHAIN>); any other token is swapped into one first, on the depositor's side. */
  assets: BridgeAsset[];
  /** The native coin's USD price and the range one swap cannot push it out of; a source that cannot be asked throws its own error. */
  nativeUsdRange(): Promise<NativeUsdRange>;
  /**
   * The range as the chain stands now: the last one read, when no block came since (a chain's state changes only
   * with its blocks, so it would read the same), else read again. What a fill's check of the rate uses.
   */
  nativeUsdRangeNow(): Promise<NativeUsdRange>;
  /** Where the range is kept from samples of the spot price (sampled-price-range.ts): takes one, at most so often; the solver calls it every round. */
  samplePrice?(): Promise<void>;
  /** Symbol and decimals of a token of this chain; INVALID_INPUT naming `field` when it is none. */
  describeToken(address: string, field: string): Promise<BridgeToken>;
  /** The solver's balance of a token (raw); the native coin's is `inventory()`. */
  tokenInventory(token: string): Promise<bigint>;
  /** What the solver pays per unit of gas now (raw native units). */
  gasPrice(): Promise<bigint>;
  /** What one payment to `to` costs the solver in raw native units (gas, or the signature fee and rent); of `token` when given. */
  paymentCost(to: string, amount: bigint, token?: string): Promise<bigint>;
  /** The unsigned deposit the trader signs: EVM, a serialized transaction (hex); SOL, a base64 transaction. */
  buildDeposit(input: { trader: string; amount: bigint; requestId: string }): Promise<string>;
  /**
   * The unsigned deposit of a token, with the approval the trader signs first (nonce n, the deposit n+1)
   * when the allowance is short. INVALID_INPUT (field `tokenIn`) where the chain takes no token deposits.
   */
  /** `approval`: the size of the approval a short allowance calls for (EVM; Solana deposits need none). */
  buildTokenDeposit(input: { trader: string; amount: bigint; requestId: string; token: string; approval: ApprovalSize }): Promise<BuiltDeposit>;
  /**
   * A swap of a token into a bridge asset and the deposit of what it returned, as one Router call the trader
   * signs, made from the quote engine's unsigned swap (`trade`, whose minimum is the deposit's) and its
   * approval of the Router. INVALID_INPUT (field `tokenIn`) where the chain has no Router to do it.
   */
  buildSwapDeposit(input: { requestId: string; trade: string; approve?: string }): BuiltSwapDeposit;
  /**
   * Decodes a signed deposit and checks it pays exactly `amount` (of `token`) to the depository with
   * `requestId`, or makes exactly the swap-and-deposit call hashed in `callHash`, signed by `trader`; throws
   * AppError TX_MISMATCH (field `trade`) otherwise. Returns its hash.
   */
  checkSignedDeposit(
    signed: string,
    expected: { trader: string; amount: bigint; requestId: string; token?: string; callHash?: string },
  ): Promise<{ txHash: string }>;
  /** Checks a signed approval lets `spender` (the depository by default) take `amount` of `token` from `trader` (TX_MISMATCH, field `approve`). */
  checkSignedApproval(signed: string, expected: { trader: string; token: string; amount: bigint; spender?: string }): Promise<{ txHash: string }>;
  /** Whether `trader` already lets `spender` (the depository by default) take `amount` of `token`. */
  allowanceCovers(input: { trader: string; token: string; amount: bigint; spender?: string }): Promise<boolean>;
  /** Sends a signed approval and waits for it; REVERTED (field `approve`) when it does not confirm as a success. */
  sendApproval(signed: string, timeoutMs: number): Promise<void>;
  /** Sends a signed transaction; sending one the node already has is not an error. */
  broadcast(signed: string): Promise<void>;
  /**
   * Sends a payment just stored (from inside the chain's signing turn). Where blocks come at least twice a
   * second it is sent and awaited in one request (EIP-7966) and its state comes back (the turn is held a block
   * at most); elsewhere, and when it is not mined within two blocks, it is only sent (undefined: settle it).
   */
  sendPayment(payment: SignedPayment): Promise<PaymentState | undefined>;
  /**
   * Waits up to `timeoutMs` for a deposit transaction to be mined and reads the deposit it made, with its depth
   * as the same answer tells it (no further read: at depth 1 it is final at once). With `signed`, sends that
   * signed deposit first (again, if it was sent before), in the same call as the wait where the node can.
   */
  waitForDeposit(txHash: string, timeoutMs: number, signed?: string): Promise<DepositState>;
  /**
   * Reads a deposit seen before again: final only once it has the depth and, read there, its transaction is
   * still in the canonical chain (EVM: its receipt exists and its block is the one the chain has at that
   * height); `gone` when it is no longer in the chain (or no longer a successful deposit).
   */
  recheckDeposit(txHash: string): Promise<DepositRecheck>;
  /**
   * Deposits made after `cursor` (opaque; undefined on the first scan, which starts from the chain's current
   * position), and the cursor to continue from, which never passes a deposit that is not final yet: each
   * deposit is reported as final at least once, and as seen while below the depth.
   */
  scanDeposits(cursor: string | undefined): Promise<ScannedDeposits>;
  /** Signs a payment of `amount` (of `token`, else native) from the solver to `to`, marked with `requestId` where the chain allows; sends nothing. */
  signPayment(input: { to: string; amount: bigint; requestId: string; token?: string }): Promise<SignedPayment>;
  /** Where swap-and-deposits go (EVM: the Router); undefined where the chain has none. */
  router: string | undefined;
  /** Signs a transaction the quote engine prepared for the solver (a destination swap), its gas limit at most `maxGas`; sends nothing. */
  signPrepared(unsigned: string, options?: { maxGas?: bigint }): Promise<SignedPayment>;
  /** What a confirmed transaction delivered to `recipient` in `token`, read from its receipt's transfers. */
  receivedBy(txHash: string, recipient: string, token: string): Promise<bigint>;
  /**
   * Sends (again) a stored payment and waits up to `timeoutMs` for it. `justSent`: this process sent it a
   * moment ago, so looking it up and sending it again first would only cost round trips.
   */
  settlePayment(payment: SignedPayment, timeoutMs: number, options?: { justSent?: boolean }): Promise<PaymentState>;
}
