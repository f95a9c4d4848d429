/**
 * A local Solana node: Solana's JSON-RPC API (HTTP and websocket subscriptions) served over LiteSVM,
 * so that unmodified clients (@solana/web3.js v1, @solana/kit, wallet adapters) can use it as if it were
 * a validator.
 *
 * Model:
 * - One slot per `slotIntervalMs`; every slot produces a new blockhash and block height equals slot
 *   (no skipped slots). A blockhash is valid for MAX_PROCESSING_AGE (150) blocks, like a validator.
 *   LiteSVM itself only accepts its single latest blockhash, so its own check is turned off and this
 *   module checks lifetimes (recent blockhash or durable nonce) against its history instead.
 * - A transaction runs the moment it is received, in the current slot. There are no forks, so it is
 *   reported `finalized` straight away (signature notifications fire for every commitment at once).
 * - Transactions that fail before execution (bad signature, unknown blockhash, duplicate) are refused
 *   by preflight or, with skipPreflight, dropped without a trace: exactly what a validator does.
 *   Transactions that fail during execution land with their error and pay the fee.
 * - Websocket subscriptions are served on the HTTP port (upgrade) and on port + 1 too, because
 *   web3.js v1 derives its websocket URL from the HTTP one by adding one to the port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHash } from 'node:crypto';
import { WebSocketServer, WebSocket } from 'ws';
import { Clock, FailedTransactionMetadata, LiteSVM, SimulatedTransactionInfo, type TransactionMetadata } from 'litesvm';
import {
  address as toAddress,
  getAddressDecoder,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  isAddress,
  lamports as toLamports,
  verifySignature,
  type Address,
  type ReadonlyUint8Array,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction as LegacyTransaction } from '@solana/web3.js';

export interface SolanaNode {
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT; port + 1 also serves websockets for web3.js v1's default. */
  wsUrl: string;
  port: number;
  svm: LiteSVM;
  /** Current slot (= block height). */
  slot(): number;
  /** Produces `count` slots at once (tests: expire blockhashes without waiting). */
  advanceSlots(count: number): void;
  /**
   * Runs a signed wire-format transaction as if it had arrived through `sendTransaction` with
   * skipPreflight, and records it. Refusals that a validator would drop throw instead.
   */
  processTransaction(wire: Uint8Array): Promise<{ signature: string; err: TransactionErrorJson | null }>;
  /** Sends lamports from the node's faucet in a recorded transaction (what requestAirdrop does). */
  airdrop(address: string, lamports: bigint): Promise<string>;
  stop(): Promise<void>;
}

export interface SolanaNodeOptions {
  port?: number;
  slotIntervalMs?: number;
}

export const MAX_PROCESSING_AGE = 150;
const MAX_RECENT_BLOCKHASHES = 300;
const SLOTS_PER_EPOCH = 432_000;
const LAMPORTS_PER_SIGNATURE = 5000n;
const MAX_RECORDED_TRANSACTIONS = 50_000;
const SOLANA_CORE_VERSION = '2.2.7';
const FEATURE_SET = 3294202862;
const U64_MAX = 18446744073709551615n;

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAbS4EQHFkZLyJTH5sTnKHU3M';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

// ---------------------------------------------------------------------------------------------
// JSON-RPC plumbing (pure helpers, unit tested)
// ---------------------------------------------------------------------------------------------

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, message);

type JsonRpcId = string | number | null;
interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export function errorResponse(id: JsonRpcId, error: unknown): JsonRpcResponse {
  if (error instanceof RpcError) {
    return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
  }
  return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } };
}

/** JSON with u64 values (bigint) written as plain numbers, as the validator does. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `__u64:${v}__` : v)).replace(
    /"__u64:(-?\d+)__"/g,
    '$1',
  );
}

/** Token amount as Solana formats `uiAmountString`: decimal point, trailing zeros trimmed. */
export function formatUiAmount(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = formatUiAmount(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export function expectAddress(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value as Address;
}

export function expectSignature(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams('Invalid param: Invalid');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(value));
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize');
  return value;
}

export function configOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: invalid type: expected struct');
  return value as Record<string, unknown>;
}

// ---- transaction errors as Solana serialises and prints them ----------------------------------

const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync',
  'InvalidError', 'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded',
  'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar',
  'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string };
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } };

/** Converts LiteSVM's error objects to the JSON form of Solana's `TransactionError`. */
export function transactionErrorToJson(err: unknown): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown> & { err?: () => unknown };
    const kind = (err as object).constructor?.name ?? '';
    if (typeof e.err === 'function' && typeof e.index === 'number') {
      const inner = e.err();
      let instruction: InstructionErrorJson;
      if (typeof inner === 'number') instruction = INSTRUCTION_ERRORS[inner] ?? 'GenericError';
      else if (inner && typeof inner === 'object' && 'code' in inner) instruction = { Custom: Number((inner as { code: number }).code) };
      else instruction = { BorshIoError: String((inner as { msg?: string } | null)?.msg ?? '') };
      return { InstructionError: [e.index, instruction] };
    }
    if (kind.includes('DuplicateInstruction') && typeof e.index === 'number') return { DuplicateInstruction: e.index };
    if (typeof e.accountIndex === 'number') {
      return kind.includes('Restricted')
        ? { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } }
        : { InsufficientFundsForRent: { account_index: e.accountIndex } };
    }
  }
  return 'SanitizeFailure';
}

const TRANSACTION_ERROR_MESSAGES: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
};

const INSTRUCTION_ERROR_MESSAGES: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  MissingAccount: 'An account required by the instruction is missing',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
};

/** The text a validator prints for a `TransactionError` (used in preflight failure messages). */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_MESSAGES[err] ?? err;
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError;
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_MESSAGES[inner] ?? inner;
    else if ('Custom' in inner) text = `custom program error: 0x${inner.Custom.toString(16)}`;
    else text = `Failed to serialize or deserialize account data: ${inner.BorshIoError}`;
    return `Error processing Instruction ${index}: ${text}`;
  }
  if ('DuplicateInstruction' in err) return `Transaction contains a duplicate instruction (${err.DuplicateInstruction}) that is not allowed`;
  if ('InsufficientFundsForRent' in err) return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  return `Execution of the program referenced by account at index ${err.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`;
}

/** Errors raised while executing: the transaction lands (fee paid). Anything else never lands. */
function landsOnChain(err: TransactionErrorJson): boolean {
  return typeof err !== 'string';
}

export function preflightFailure(err: TransactionErrorJson, logs: string[], unitsConsumed = 0n): RpcError {
  return new RpcError(-32002, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed,
  });
}

// ---- SPL token account layouts -------------------------------------------------------------

const base58 = getBase58Decoder();
const base58Encoder = getBase58Encoder();
const base64 = getBase64Decoder();
const base64Encoder = getBase64Encoder();
const addressDecoder = getAddressDecoder();

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}
function readU32(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}
const addressAt = (data: Uint8Array, offset: number) => addressDecoder.decode(data.subarray(offset, offset + 32));

export const isTokenProgram = (owner: string) => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;

export interface ParsedTokenAccount {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
}

/** SPL token account (165 bytes; Token-2022 accounts carry account type 2 at byte 165). */
export function parseTokenAccount(data: Uint8Array): ParsedTokenAccount | null {
  if (data.length < 165 || (data.length > 165 && data[165] !== 2)) return null;
  const stateByte = data[108];
  if (stateByte === 0 || stateByte === undefined || stateByte > 2) return null;
  return {
    mint: addressAt(data, 0),
    owner: addressAt(data, 32),
    amount: readU64(data, 64),
    delegate: readU32(data, 72) === 1 ? addressAt(data, 76) : null,
    state: stateByte === 2 ? 'frozen' : 'initialized',
    isNative: readU32(data, 109) === 1 ? readU64(data, 113) : null,
    delegatedAmount: readU64(data, 121),
    closeAuthority: readU32(data, 129) === 1 ? addressAt(data, 133) : null,
  };
}

export interface ParsedMint {
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
}

/** SPL mint (82 bytes; Token-2022 mints with extensions carry account type 1 at byte 165). */
export function parseMint(data: Uint8Array): ParsedMint | null {
  if (data.length < 82 || (data.length > 82 && (data.length < 166 || data[165] !== 1))) return null;
  if (data[45] !== 1) return null;
  return {
    mintAuthority: readU32(data, 0) === 1 ? addressAt(data, 4) : null,
    supply: readU64(data, 36),
    decimals: data[44] ?? 0,
    isInitialized: true,
    freezeAuthority: readU32(data, 46) === 1 ? addressAt(data, 50) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Node
// ---------------------------------------------------------------------------------------------

interface AccountView {
  address: Address;
  lamports: bigint;
  owner: Address;
  executable: boolean;
  data: Uint8Array;
}

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: ReturnType<typeof uiTokenAmount>;
}

interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  wire: Uint8Array;
  version: 'legacy' | number;
  err: TransactionErrorJson | null;
  logs: string[];
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  accountKeys: Address[];
  staticAccountCount: number;
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  writable: boolean[];
  signers: boolean[];
  computeUnitsConsumed: bigint;
  innerInstructions: { index: number; instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[] }[];
  returnData: { programId: string; data: [string, 'base64'] } | null;
  priorityFee: bigint;
}

interface BlockhashInfo {
  slot: number;
  lastValidBlockHeight: number;
}

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'account'; socket: WebSocket; address: Address; encoding: string };

type AnyCompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
/** Legacy and v0 messages: the versions wallets and clients send today. */
type DecodedMessage = Extract<AnyCompiledMessage, { version: 'legacy' | 0 }>;

function decodeMessage(bytes: Uint8Array | ReadonlyUint8Array): DecodedMessage {
  const message = getCompiledTransactionMessageDecoder().decode(bytes);
  if (message.version !== 'legacy' && message.version !== 0) throw new Error(`unsupported transaction version ${String(message.version)}`);
  return message as DecodedMessage;
}

interface DecodedTransaction {
  tx: Transaction;
  message: DecodedMessage;
  signature: string;
  blockhash: string;
}

function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  let tx: Transaction;
  let message: DecodedMessage;
  try {
    tx = getTransactionDecoder().decode(wire);
    message = decodeMessage(tx.messageBytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`);
  }
  const first = Object.values(tx.signatures)[0];
  const signature = base58.decode(first ?? new Uint8Array(64));
  return { tx, message, signature, blockhash: String(message.lifetimeToken) };
}

function decodeEncodedTransaction(encoded: unknown, encoding: unknown): Uint8Array {
  if (typeof encoded !== 'string') throw invalidParams('Invalid params: invalid type: expected a string');
  const kind = encoding ?? 'base58';
  try {
    if (kind === 'base64') return new Uint8Array(base64Encoder.encode(encoded));
    if (kind === 'base58') return new Uint8Array(base58Encoder.encode(encoded));
  } catch {
    throw invalidParams(`invalid ${String(kind)} encoding`);
  }
  throw invalidParams(`unsupported encoding: ${String(kind)}. Supported encodings: base58, base64`);
}

/**
 * Fee a validator charges: base fee per signature plus compute-unit price x limit. `computeUnitPrice` is
 * the price itself (micro-lamports per CU), which getRecentPrioritizationFees reports.
 */
export function computeFee(message: DecodedMessage): { fee: bigint; priorityFee: bigint; computeUnitPrice: bigint } {
  const accounts = message.staticAccounts;
  let unitLimit: bigint | null = null;
  let microLamportsPerUnit = 0n;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    const program = accounts[ix.programAddressIndex];
    const data = ix.data ? new Uint8Array(ix.data) : new Uint8Array();
    if (program === COMPUTE_BUDGET_PROGRAM) {
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(readU32(data, 1));
      if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = readU64(data, 1);
    } else {
      otherInstructions += 1n;
    }
  }
  const limit = unitLimit ?? (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n);
  const priorityFee = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n;
  return { fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee, priorityFee, computeUnitPrice: microLamportsPerUnit };
}

export async function startSolanaNode(options: SolanaNodeOptions = {}): Promise<SolanaNode> {
  const slotIntervalMs = options.slotIntervalMs ?? 400;
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);

  const genesisHash = svm.latestBlockhash();
  const startedAt = Math.floor(Date.now() / 1000);
  let slot = 0;
  const blockhashes = new Map<string, BlockhashInfo>();
  const blockhashOrder: string[] = [];
  let latestBlockhash: string = genesisHash;
  const transactions = new Map<string, TransactionRecord>();
  const bySignatureOrder: string[] = [];
  const byAddress = new Map<string, string[]>();
  /** Per slot, like a validator's prioritization-fee cache: the cheapest compute-unit price landed, overall and per writable account. */
  const slotPriorityFees = new Map<number, { min: bigint; accounts: Map<string, bigint> }>();
  let transactionCount = 0;

  const faucet = Keypair.fromSeed(createHash('sha256').update('swapbridge-devnet:solana-faucet').digest());
  const faucetAddress = toAddress(faucet.publicKey.toBase58());
  svm.setAccount({
    address: faucetAddress,
    lamports: toLamports(1_000_000_000_000_000_000n),
    programAddress: toAddress(SYSTEM_PROGRAM),
    executable: false,
    data: new Uint8Array(),
    space: 0n,
  });

  function recordBlockhash(hash: string) {
    latestBlockhash = hash;
    blockhashes.set(hash, { slot, lastValidBlockHeight: slot + MAX_PROCESSING_AGE });
    blockhashOrder.push(hash);
    while (blockhashOrder.length > MAX_RECENT_BLOCKHASHES) blockhashes.delete(blockhashOrder.shift()!);
  }

  function setClock() {
    const epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
    const now = BigInt(Math.floor(Date.now() / 1000));
    svm.setClock(new Clock(BigInt(slot), BigInt(startedAt), epoch, epoch + 1n, now));
  }

  setClock();
  recordBlockhash(genesisHash);

  const subscriptions = new Map<number, Subscription>();
  let nextSubscriptionId = 1;
  const send = (socket: WebSocket, payload: unknown) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(stringifyJson(payload));
  };
  const notify = (socket: WebSocket, method: string, subscription: number, result: unknown) =>
    send(socket, { jsonrpc: '2.0', method, params: { result, subscription } });

  function tick() {
    slot += 1;
    setClock();
    svm.expireBlockhash();
    recordBlockhash(svm.latestBlockhash());
    while (slotPriorityFees.size > MAX_PROCESSING_AGE) slotPriorityFees.delete(slotPriorityFees.keys().next().value!);
    for (const [id, sub] of subscriptions) {
      if (sub.kind === 'slot') notify(sub.socket, 'slotNotification', id, { parent: slot - 1, root: slot, slot });
    }
  }

  const timer = setInterval(tick, slotIntervalMs);
  timer.unref();

  const isBlockhashValid = (hash: string) => {
    const info = blockhashes.get(hash);
    return info !== undefined && slot <= info.lastValidBlockHeight;
  };

  // ---- accounts ----

  function readAccount(addr: Address): AccountView | null {
    const account = svm.getAccount(addr);
    if (!account.exists) return null;
    return {
      address: addr,
      lamports: account.lamports,
      owner: account.programAddress,
      executable: account.executable,
      data: new Uint8Array(account.data),
    };
  }

  function mintDecimals(mint: Address): number {
    const account = readAccount(mint);
    return (account && isTokenProgram(account.owner) && parseMint(account.data)?.decimals) || 0;
  }

  function parsedAccountData(account: AccountView): unknown {
    if (!isTokenProgram(account.owner)) return null;
    const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
    const tokenAccount = parseTokenAccount(account.data);
    if (tokenAccount) {
      const decimals = mintDecimals(tokenAccount.mint);
      const info: Record<string, unknown> = {
        isNative: tokenAccount.isNative !== null,
        mint: tokenAccount.mint,
        owner: tokenAccount.owner,
        state: tokenAccount.state,
        tokenAmount: uiTokenAmount(tokenAccount.amount, decimals),
      };
      if (tokenAccount.delegate) {
        info.delegate = tokenAccount.delegate;
        info.delegatedAmount = uiTokenAmount(tokenAccount.delegatedAmount, decimals);
      }
      if (tokenAccount.isNative !== null) info.rentExemptReserve = uiTokenAmount(tokenAccount.isNative, 9);
      if (tokenAccount.closeAuthority) info.closeAuthority = tokenAccount.closeAuthority;
      return { program, parsed: { info, type: 'account' }, space: account.data.length };
    }
    const mint = parseMint(account.data);
    if (mint) {
      return {
        program,
        parsed: {
          info: {
            decimals: mint.decimals,
            freezeAuthority: mint.freezeAuthority,
            isInitialized: mint.isInitialized,
            mintAuthority: mint.mintAuthority,
            supply: mint.supply.toString(),
          },
          type: 'mint',
        },
        space: account.data.length,
      };
    }
    return null;
  }

  function encodeAccount(account: AccountView | null, config: Record<string, unknown>): unknown {
    if (!account) return null;
    const encoding = (config.encoding as string | undefined) ?? 'base58';
    let data = account.data;
    const slice = config.dataSlice as { offset?: number; length?: number } | undefined;
    if (slice && typeof slice.offset === 'number' && typeof slice.length === 'number') {
      data = data.subarray(slice.offset, slice.offset + slice.length);
    }
    let encoded: unknown;
    if (encoding === 'jsonParsed') {
      encoded = (!slice && parsedAccountData(account)) || [base64.decode(data), 'base64'];
    } else if (encoding === 'base64') {
      encoded = [base64.decode(data), 'base64'];
    } else if (encoding === 'base58' || encoding === 'binary') {
      if (data.length > 128) {
        throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      }
      encoded = encoding === 'binary' ? base58.decode(data) : [base58.decode(data), 'base58'];
    } else {
      throw invalidParams(`Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\``);
    }
    return {
      data: encoded,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.owner,
      rentEpoch: U64_MAX,
      space: account.data.length,
    };
  }

  /** Subscriptions cannot answer with an error, so data too long for base58 goes out as base64. */
  function encodeAccountForNotification(account: AccountView | null, encoding: string): unknown {
    try {
      return encodeAccount(account, { encoding });
    } catch {
      return encodeAccount(account, { encoding: 'base64' });
    }
  }

  const context = () => ({ slot, apiVersion: SOLANA_CORE_VERSION });
  const withContext = (value: unknown) => ({ context: context(), value });

  // ---- transactions ----

  function accountKeysOf(message: DecodedMessage) {
    const staticAccounts = [...message.staticAccounts];
    const writable: Address[] = [];
    const readonly: Address[] = [];
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
    for (const lookup of lookups) {
      const table = readAccount(lookup.lookupTableAddress);
      if (!table) throw new RpcError(-32002, 'Transaction simulation failed: Transaction loads an address table account that doesn\'t exist', { err: 'AddressLookupTableNotFound', logs: [], accounts: null, unitsConsumed: 0 });
      const entry = (i: number) => addressAt(table.data, 56 + i * 32);
      for (const i of lookup.writableIndexes) writable.push(entry(i));
      for (const i of lookup.readonlyIndexes) readonly.push(entry(i));
    }
    const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
    const n = staticAccounts.length;
    const isWritable = staticAccounts.map((_, i) =>
      i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < n - numReadonlyNonSignerAccounts,
    );
    return {
      keys: [...staticAccounts, ...writable, ...readonly],
      staticCount: n,
      loaded: { writable, readonly },
      writable: [...isWritable, ...writable.map(() => true), ...readonly.map(() => false)],
      signers: [...staticAccounts.map((_, i) => i < numSignerAccounts), ...writable.map(() => false), ...readonly.map(() => false)],
    };
  }

  function tokenBalances(keys: Address[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    keys.forEach((key, accountIndex) => {
      const account = readAccount(key);
      if (!account || !isTokenProgram(account.owner)) return;
      const parsed = parseTokenAccount(account.data);
      if (!parsed) return;
      balances.push({
        accountIndex,
        mint: parsed.mint,
        owner: parsed.owner,
        programId: account.owner,
        uiTokenAmount: uiTokenAmount(parsed.amount, mintDecimals(parsed.mint)),
      });
    });
    return balances;
  }

  async function signaturesValid(tx: Transaction): Promise<boolean> {
    for (const [signer, signature] of Object.entries(tx.signatures)) {
      if (!signature) return false;
      const key = await getPublicKeyFromAddress(signer as Address);
      if (!(await verifySignature(key, signature as SignatureBytes, tx.messageBytes))) return false;
    }
    return true;
  }

  /** Durable-nonce lifetime: first instruction is System AdvanceNonceAccount on a nonce holding the blockhash. */
  function hasValidNonce(decoded: DecodedTransaction): boolean {
    const ix = decoded.message.instructions[0];
    if (!ix || decoded.message.staticAccounts[ix.programAddressIndex] !== SYSTEM_PROGRAM) return false;
    const data = ix.data ? new Uint8Array(ix.data) : new Uint8Array();
    if (data.length < 4 || readU32(data, 0) !== 4) return false;
    const nonceIndex = ix.accountIndices?.[0];
    const nonceAddress = nonceIndex === undefined ? undefined : decoded.message.staticAccounts[nonceIndex];
    const nonce = nonceAddress ? readAccount(nonceAddress) : null;
    if (!nonce || nonce.owner !== SYSTEM_PROGRAM || nonce.data.length < 80 || readU32(nonce.data, 4) !== 1) return false;
    return base58.decode(nonce.data.subarray(40, 72)) === decoded.blockhash;
  }

  function lifetimeValid(decoded: DecodedTransaction) {
    return isBlockhashValid(decoded.blockhash) || hasValidNonce(decoded);
  }

  function metaOf(result: TransactionMetadata | FailedTransactionMetadata) {
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const returned = meta.returnData();
    const returnBytes = returned.data();
    return {
      err: failed ? transactionErrorToJson(result.err()) : null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: meta.innerInstructions(),
      returnData:
        returnBytes.length > 0
          ? { programId: addressDecoder.decode(returned.programId()) as string, data: [base64.decode(returnBytes), 'base64'] as [string, 'base64'] }
          : null,
    };
  }

  function execute(decoded: DecodedTransaction, wire: Uint8Array): { signature: string; err: TransactionErrorJson | null } {
    const { keys, staticCount, loaded, writable, signers } = accountKeysOf(decoded.message);
    const preBalances = keys.map((key) => readAccount(key)?.lamports ?? 0n);
    const preTokenBalances = tokenBalances(keys);
    const result = svm.sendTransaction(decoded.tx);
    const meta = metaOf(result);
    if (meta.err !== null && !landsOnChain(meta.err)) return { signature: decoded.signature, err: meta.err };
    const postBalances = keys.map((key) => readAccount(key)?.lamports ?? 0n);
    const uniqueIndexes = keys.map((key, i) => keys.indexOf(key) === i);
    const sum = (values: bigint[]) => values.reduce((total, v, i) => (uniqueIndexes[i] ? total + v : total), 0n);
    const { priorityFee, computeUnitPrice } = computeFee(decoded.message);
    const record: TransactionRecord = {
      signature: decoded.signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire,
      version: decoded.message.version,
      err: meta.err,
      logs: meta.logs,
      fee: sum(preBalances) - sum(postBalances),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: tokenBalances(keys),
      accountKeys: keys,
      staticAccountCount: staticCount,
      loadedAddresses: loaded,
      writable,
      signers,
      computeUnitsConsumed: meta.unitsConsumed,
      innerInstructions: meta.innerInstructions
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const ix = inner.instruction();
            return {
              programIdIndex: ix.programIdIndex(),
              accounts: [...ix.accounts()],
              data: base58.decode(ix.data()),
              stackHeight: inner.stackHeight(),
            };
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
      returnData: meta.returnData,
      priorityFee,
    };
    transactions.set(record.signature, record);
    bySignatureOrder.push(record.signature);
    transactionCount += 1;
    for (const key of new Set(keys)) {
      let list = byAddress.get(key);
      if (!list) byAddress.set(key, (list = []));
      list.push(record.signature);
    }
    if (bySignatureOrder.length > MAX_RECORDED_TRANSACTIONS) {
      const dropped = transactions.get(bySignatureOrder.shift()!);
      if (dropped) {
        transactions.delete(dropped.signature);
        for (const key of new Set(dropped.accountKeys)) byAddress.get(key)?.shift();
      }
    }
    recordPrioritizationFee(computeUnitPrice, keys.filter((_, i) => writable[i]));

    for (const [id, sub] of subscriptions) {
      if (sub.kind === 'signature' && sub.signature === record.signature) {
        notify(sub.socket, 'signatureNotification', id, { context: { slot }, value: { err: record.err } });
        subscriptions.delete(id);
      } else if (sub.kind === 'account' && record.writable.some((w, i) => w && keys[i] === sub.address)) {
        notify(sub.socket, 'accountNotification', id, withContext(encodeAccountForNotification(readAccount(sub.address), sub.encoding)));
      }
    }
    return { signature: record.signature, err: record.err };
  }

  async function submit(wire: Uint8Array, preflight: boolean): Promise<{ signature: string; err: TransactionErrorJson | null; dropped: boolean }> {
    const decoded = decodeWireTransaction(wire);
    const drop = (err: TransactionErrorJson) => ({ signature: decoded.signature, err, dropped: true });
    if (!(await signaturesValid(decoded.tx))) {
      if (preflight) throw new RpcError(-32003, 'Transaction signature verification failure');
      return drop('SignatureFailure');
    }
    if (transactions.has(decoded.signature)) {
      if (preflight) throw preflightFailure('AlreadyProcessed', []);
      return { signature: decoded.signature, err: transactions.get(decoded.signature)!.err, dropped: false };
    }
    if (!lifetimeValid(decoded)) {
      if (preflight) throw preflightFailure('BlockhashNotFound', []);
      return drop('BlockhashNotFound');
    }
    if (preflight) {
      const simulated = svm.simulateTransaction(decoded.tx);
      if (simulated instanceof FailedTransactionMetadata) {
        const meta = metaOf(simulated);
        throw preflightFailure(meta.err!, meta.logs, meta.unitsConsumed);
      }
    }
    const result = execute(decoded, wire);
    return { ...result, dropped: result.err !== null && !landsOnChain(result.err) };
  }

  async function processTransaction(wire: Uint8Array) {
    const result = await submit(wire, false);
    if (result.dropped) throw preflightFailure(result.err!, []);
    return { signature: result.signature, err: result.err };
  }

  let airdropCounter = 0;
  async function airdrop(to: Address, amount: bigint): Promise<string> {
    // Two equal airdrops in one slot would be byte-identical (and deduplicated as already processed);
    // a varying compute-unit limit makes each faucet transaction unique.
    airdropCounter += 1;
    const tx = new LegacyTransaction({ feePayer: faucet.publicKey, recentBlockhash: latestBlockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 + (airdropCounter % 100_000) }),
      SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: new PublicKey(to), lamports: amount }),
    );
    tx.sign(faucet);
    const result = await processTransaction(new Uint8Array(tx.serialize()));
    if (result.err) throw new RpcError(-32603, `airdrop failed: ${describeTransactionError(result.err)}`);
    return result.signature;
  }

  // ---- transaction formatting ----

  function formatTransaction(record: TransactionRecord, encoding: string, withVersion: boolean) {
    if (encoding === 'base64') return [base64.decode(record.wire), 'base64'];
    if (encoding === 'base58') return [base58.decode(record.wire), 'base58'];
    const { message, signature: _first, tx } = decodeWireTransaction(record.wire);
    const signatures = Object.values(tx.signatures).map((s) => base58.decode(s ?? new Uint8Array(64)));
    const parsed = encoding === 'jsonParsed';
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
    const json: Record<string, unknown> = {
      accountKeys: parsed
        ? record.accountKeys.map((pubkey, i) => ({
            pubkey,
            signer: record.signers[i],
            source: i < record.staticAccountCount ? 'transaction' : 'lookupTable',
            writable: record.writable[i],
          }))
        : message.staticAccounts,
      header: {
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: message.header.numSignerAccounts,
      },
      instructions: message.instructions.map((ix) => {
        const data = base58.decode(ix.data ? new Uint8Array(ix.data) : new Uint8Array());
        const accounts = [...(ix.accountIndices ?? [])];
        return parsed
          ? { accounts: accounts.map((i) => record.accountKeys[i]), data, programId: record.accountKeys[ix.programAddressIndex], stackHeight: null }
          : { accounts, data, programIdIndex: ix.programAddressIndex, stackHeight: null };
      }),
      recentBlockhash: String(message.lifetimeToken),
    };
    if (parsed) delete json.header;
    if (withVersion && message.version !== 'legacy') {
      json.addressTableLookups = lookups.map((l) => ({
        accountKey: l.lookupTableAddress,
        readonlyIndexes: l.readonlyIndexes,
        writableIndexes: l.writableIndexes,
      }));
    }
    return { message: json, signatures };
  }

  function getTransaction(params: unknown[]) {
    const signature = expectSignature(params[0]);
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : configOf(params[1]);
    const record = transactions.get(signature);
    if (!record) return null;
    const maxVersion = config.maxSupportedTransactionVersion as number | undefined;
    if (record.version !== 'legacy' && (maxVersion === undefined || maxVersion < record.version)) {
      throw new RpcError(
        -32015,
        `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`,
      );
    }
    const encoding = (config.encoding as string | undefined) ?? 'json';
    const withVersion = maxVersion !== undefined;
    const result: Record<string, unknown> = {
      blockTime: record.blockTime,
      meta: {
        computeUnitsConsumed: record.computeUnitsConsumed,
        costUnits: record.computeUnitsConsumed,
        err: record.err,
        fee: record.fee,
        innerInstructions: record.innerInstructions.map((entry) =>
          encoding === 'jsonParsed'
            ? {
                index: entry.index,
                instructions: entry.instructions.map((ix) => ({
                  accounts: ix.accounts.map((i) => record.accountKeys[i]),
                  data: ix.data,
                  programId: record.accountKeys[ix.programIdIndex],
                  stackHeight: ix.stackHeight,
                })),
              }
            : entry,
        ),
        loadedAddresses: record.loadedAddresses,
        logMessages: record.logs,
        postBalances: record.postBalances,
        postTokenBalances: record.postTokenBalances,
        preBalances: record.preBalances,
        preTokenBalances: record.preTokenBalances,
        returnData: record.returnData ?? undefined,
        rewards: [],
        status: record.err === null ? { Ok: null } : { Err: record.err },
      },
      slot: record.slot,
      transaction: formatTransaction(record, encoding, withVersion),
    };
    if (withVersion) result.version = record.version;
    return result;
  }

  function signatureStatus(record: TransactionRecord) {
    return {
      confirmationStatus: 'finalized',
      confirmations: null,
      err: record.err,
      slot: record.slot,
      status: record.err === null ? { Ok: null } : { Err: record.err },
    };
  }

  function recordPrioritizationFee(price: bigint, writableKeys: readonly string[]) {
    let entry = slotPriorityFees.get(slot);
    if (!entry) slotPriorityFees.set(slot, (entry = { min: price, accounts: new Map() }));
    if (price < entry.min) entry.min = price;
    for (const key of writableKeys) {
      const current = entry.accounts.get(key);
      if (current === undefined || price < current) entry.accounts.set(key, price);
    }
  }

  /** A validator's answer: per slot the cheapest price landed, raised to the dearest of the given accounts' cheapest. */
  function recentPrioritizationFees(params: unknown[]) {
    const addresses = params[0] === undefined || params[0] === null ? [] : params[0];
    if (!Array.isArray(addresses)) throw invalidParams('Invalid params: invalid type: expected a sequence');
    if (addresses.length > 128) throw invalidParams('Too many inputs provided; max 128');
    const keys = addresses.map(expectAddress);
    const fees: { slot: number; prioritizationFee: bigint }[] = [];
    for (let s = Math.max(0, slot - MAX_PROCESSING_AGE + 1); s <= slot; s += 1) {
      const entry = slotPriorityFees.get(s);
      let fee = entry?.min ?? 0n;
      for (const key of keys) {
        const accountFee = entry?.accounts.get(key);
        if (accountFee !== undefined && accountFee > fee) fee = accountFee;
      }
      fees.push({ slot: s, prioritizationFee: fee });
    }
    return fees;
  }

  // ---- methods ----

  function tokenAccountsByOwner(owner: Address, filter: Record<string, unknown>, config: Record<string, unknown>) {
    let programs: string[];
    let mintFilter: string | null = null;
    if (typeof filter.mint === 'string') {
      mintFilter = expectAddress(filter.mint);
      const mint = readAccount(mintFilter as Address);
      if (!mint || !isTokenProgram(mint.owner)) throw invalidParams('Invalid param: could not find mint');
      programs = [mint.owner];
    } else if (typeof filter.programId === 'string') {
      const program = expectAddress(filter.programId);
      if (!isTokenProgram(program)) throw invalidParams('Invalid param: unrecognized Token program id');
      programs = [program];
    } else {
      throw invalidParams('Invalid params: expected a mint or programId filter');
    }
    const value: unknown[] = [];
    for (const program of programs) {
      for (const account of svm.getProgramAccounts(toAddress(program))) {
        const data = new Uint8Array(account.data);
        const parsed = parseTokenAccount(data);
        if (!parsed || parsed.owner !== owner || (mintFilter && parsed.mint !== mintFilter)) continue;
        const view: AccountView = { address: account.address, lamports: account.lamports, owner: account.programAddress, executable: account.executable, data };
        value.push({ account: encodeAccount(view, config), pubkey: account.address });
      }
    }
    return withContext(value);
  }

  function programAccounts(program: Address, config: Record<string, unknown>) {
    const filters = (config.filters as Record<string, unknown>[] | undefined) ?? [];
    const value: unknown[] = [];
    for (const account of svm.getProgramAccounts(program)) {
      const data = new Uint8Array(account.data);
      const matches = filters.every((filter) => {
        if (typeof filter.dataSize === 'number') return data.length === filter.dataSize;
        const memcmp = filter.memcmp as { offset: number; bytes: string; encoding?: string } | undefined;
        if (memcmp) {
          const bytes = memcmp.encoding === 'base64' ? base64Encoder.encode(memcmp.bytes) : base58Encoder.encode(memcmp.bytes);
          return bytes.every((b, i) => data[memcmp.offset + i] === b);
        }
        return true;
      });
      if (!matches) continue;
      const view: AccountView = { address: account.address, lamports: account.lamports, owner: account.programAddress, executable: account.executable, data };
      value.push({ account: encodeAccount(view, config), pubkey: account.address });
    }
    return config.withContext ? withContext(value) : value;
  }

  function simulate(params: unknown[]) {
    const config = configOf(params[1]);
    const wire = decodeEncodedTransaction(params[0], config.encoding);
    const decoded = decodeWireTransaction(wire);
    const replace = config.replaceRecentBlockhash === true;
    const sigVerify = config.sigVerify === true;
    if (replace && sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    return (async () => {
      if (sigVerify && !(await signaturesValid(decoded.tx))) {
        throw new RpcError(-32003, 'Transaction signature verification failure');
      }
      const empty = { accounts: null, innerInstructions: null, loadedAccountsDataSize: 0, replacementBlockhash: null, returnData: null, unitsConsumed: 0 };
      if (!replace && !lifetimeValid(decoded)) return withContext({ ...empty, err: 'BlockhashNotFound', logs: [] });
      if (transactions.has(decoded.signature) && sigVerify) return withContext({ ...empty, err: 'AlreadyProcessed', logs: [] });
      svm.withSigverify(false);
      let simulated: FailedTransactionMetadata | SimulatedTransactionInfo;
      try {
        simulated = svm.simulateTransaction(decoded.tx);
      } finally {
        svm.withSigverify(true);
      }
      const meta = metaOf(simulated instanceof FailedTransactionMetadata ? simulated : simulated.meta());
      const requested = config.accounts as { addresses?: unknown[]; encoding?: string } | undefined;
      let accounts: unknown = null;
      if (requested?.addresses) {
        const post = simulated instanceof FailedTransactionMetadata ? [] : simulated.postAccounts();
        accounts = requested.addresses.map((a) => {
          const addr = expectAddress(a);
          const found = post.find((p) => p.address === addr);
          const view = found
            ? { address: addr, lamports: found.lamports, owner: found.programAddress, executable: found.executable, data: new Uint8Array(found.data) }
            : readAccount(addr);
          return encodeAccount(view, { encoding: requested.encoding ?? 'base64' });
        });
      }
      return withContext({
        ...empty,
        accounts,
        err: meta.err,
        fee: computeFee(decoded.message).fee,
        innerInstructions: config.innerInstructions ? [] : null,
        logs: meta.logs,
        replacementBlockhash: replace ? { blockhash: latestBlockhash, lastValidBlockHeight: slot + MAX_PROCESSING_AGE } : null,
        returnData: meta.returnData,
        unitsConsumed: meta.unitsConsumed,
      });
    })();
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),
    getGenesisHash: () => genesisHash,
    getIdentity: () => ({ identity: faucetAddress }),
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getTransactionCount: () => transactionCount,
    getFirstAvailableBlock: () => 0,
    minimumLedgerSlot: () => 0,
    getMaxRetransmitSlot: () => slot,
    getMaxShredInsertSlot: () => slot,
    getSlotLeader: () => faucetAddress,
    getBlockTime: (params) => {
      const requested = Number(params[0]);
      if (!Number.isInteger(requested) || requested < 0 || requested > slot) {
        throw new RpcError(-32004, `Block not available for slot ${String(params[0])}`);
      }
      return startedAt + Math.floor((requested * slotIntervalMs) / 1000);
    },
    getEpochInfo: () => ({
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount,
    }),
    getEpochSchedule: () => ({
      firstNormalEpoch: 0,
      firstNormalSlot: 0,
      leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
      slotsPerEpoch: SLOTS_PER_EPOCH,
      warmup: false,
    }),
    getLatestBlockhash: () =>
      withContext({ blockhash: latestBlockhash, lastValidBlockHeight: blockhashes.get(latestBlockhash)!.lastValidBlockHeight }),
    isBlockhashValid: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams('Invalid param: Invalid');
      return withContext(isBlockhashValid(params[0]));
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = params[0] ?? 0;
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalidParams('Invalid params: invalid type: expected usize');
      return svm.minimumBalanceForRentExemption(BigInt(size));
    },
    getFeeForMessage: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams('Invalid params: invalid type: expected a string');
      let message: DecodedMessage;
      try {
        message = decodeMessage(base64Encoder.encode(params[0]));
      } catch {
        throw invalidParams('invalid transaction message');
      }
      return withContext(isBlockhashValid(String(message.lifetimeToken)) ? computeFee(message).fee : null);
    },
    getRecentPrioritizationFees: (params) => recentPrioritizationFees(params),
    getBalance: (params) => withContext(readAccount(expectAddress(params[0]))?.lamports ?? 0n),
    getAccountInfo: (params) => withContext(encodeAccount(readAccount(expectAddress(params[0])), configOf(params[1]))),
    getMultipleAccounts: (params) => {
      if (!Array.isArray(params[0])) throw invalidParams('Invalid params: invalid type: expected a sequence');
      if (params[0].length > 100) throw invalidParams('Too many inputs provided; max 100');
      const config = configOf(params[1]);
      return withContext(params[0].map((a) => encodeAccount(readAccount(expectAddress(a)), config)));
    },
    getProgramAccounts: (params) => programAccounts(expectAddress(params[0]), configOf(params[1])),
    getTokenAccountsByOwner: (params) =>
      tokenAccountsByOwner(expectAddress(params[0]), configOf(params[1]), configOf(params[2])),
    getTokenAccountBalance: (params) => {
      const account = readAccount(expectAddress(params[0]));
      const parsed = account && isTokenProgram(account.owner) ? parseTokenAccount(account.data) : null;
      if (!parsed) throw invalidParams('Invalid param: not a Token account');
      return withContext(uiTokenAmount(parsed.amount, mintDecimals(parsed.mint)));
    },
    getTokenSupply: (params) => {
      const account = readAccount(expectAddress(params[0]));
      const mint = account && isTokenProgram(account.owner) ? parseMint(account.data) : null;
      if (!mint) throw invalidParams('Invalid param: not a Token mint');
      return withContext(uiTokenAmount(mint.supply, mint.decimals));
    },
    getSignatureStatuses: (params) => {
      if (!Array.isArray(params[0])) throw invalidParams('Invalid params: invalid type: expected a sequence');
      if (params[0].length > 256) throw invalidParams('Too many inputs provided; max 256');
      return withContext(
        params[0].map((s) => {
          const record = transactions.get(expectSignature(s));
          return record ? signatureStatus(record) : null;
        }),
      );
    },
    getSignaturesForAddress: (params) => {
      const addr = expectAddress(params[0]);
      const config = configOf(params[1]);
      const limit = Math.min(Number(config.limit ?? 1000), 1000);
      const list = [...(byAddress.get(addr) ?? [])].reverse();
      let start = 0;
      if (typeof config.before === 'string') {
        const index = list.indexOf(config.before);
        start = index < 0 ? list.length : index + 1;
      }
      const result: unknown[] = [];
      for (let i = start; i < list.length && result.length < limit; i += 1) {
        if (list[i] === config.until) break;
        const record = transactions.get(list[i]!);
        if (!record) continue;
        result.push({
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
          err: record.err,
          memo: null,
          signature: record.signature,
          slot: record.slot,
        });
      }
      return result;
    },
    getTransaction: (params) => getTransaction(params),
    sendTransaction: async (params) => {
      const config = configOf(params[1]);
      const wire = decodeEncodedTransaction(params[0], config.encoding);
      const result = await submit(wire, config.skipPreflight !== true);
      return result.signature;
    },
    simulateTransaction: (params) => simulate(params),
    requestAirdrop: (params) => {
      const to = expectAddress(params[0]);
      const amount = params[1];
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) throw invalidParams('Invalid params: invalid type: expected u64');
      return airdrop(to, BigInt(amount));
    },
  };

  async function dispatch(request: unknown): Promise<JsonRpcResponse | null> {
    if (!request || typeof request !== 'object' || Array.isArray(request)) {
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } };
    }
    const { id = null, method, params = [] } = request as { id?: JsonRpcId; method?: unknown; params?: unknown };
    if (typeof method !== 'string') return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
    const handler = methods[method];
    if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    if (!Array.isArray(params)) return errorResponse(id, invalidParams('Invalid params: invalid type: expected a sequence'));
    try {
      return { jsonrpc: '2.0', id, result: await handler(params) };
    } catch (error) {
      if (!(error instanceof RpcError)) console.error(`[solana-node] ${method} failed:`, error);
      return errorResponse(id, error);
    }
  }

  async function handleBody(body: string): Promise<unknown> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } };
      const responses: unknown[] = [];
      for (const request of parsed) responses.push(await dispatch(request));
      return responses;
    }
    return dispatch(parsed);
  }

  function onHttpRequest(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET') {
      if (req.url === '/health') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      return void res.writeHead(405).end('Used HTTP Method is not allowed. POST or OPTIONS is required');
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handleBody(Buffer.concat(chunks).toString('utf8')).then(
        (response) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(stringifyJson(response)),
        () => res.writeHead(500).end(),
      );
    });
  }

  // ---- websocket subscriptions ----

  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (socket) => {
    const owned = new Set<number>();
    socket.on('close', () => {
      for (const id of owned) subscriptions.delete(id);
    });
    socket.on('message', (raw) => {
      let request: { id?: JsonRpcId; method?: string; params?: unknown[] };
      try {
        request = JSON.parse(raw.toString());
      } catch {
        return send(socket, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      if (request.id === undefined) return; // notifications (web3.js heartbeat 'ping') need no answer
      const { id, method } = request;
      const params = Array.isArray(request.params) ? request.params : [];
      const reply = (result: unknown) => send(socket, { jsonrpc: '2.0', id, result });
      const subscribe = (sub: Subscription) => {
        const subscriptionId = nextSubscriptionId++;
        subscriptions.set(subscriptionId, sub);
        owned.add(subscriptionId);
        reply(subscriptionId);
        return subscriptionId;
      };
      const unsubscribe = (kind: Subscription['kind']) => {
        const subscriptionId = Number(params[0]);
        const sub = subscriptions.get(subscriptionId);
        if (!sub || sub.kind !== kind || sub.socket !== socket) {
          return send(socket, errorResponse(id ?? null, invalidParams('Invalid subscription id.')));
        }
        subscriptions.delete(subscriptionId);
        owned.delete(subscriptionId);
        reply(true);
      };
      try {
        switch (method) {
          case 'signatureSubscribe': {
            const signature = expectSignature(params[0]);
            const subscriptionId = subscribe({ kind: 'signature', socket, signature });
            const record = transactions.get(signature);
            if (record) {
              // Already processed: a validator answers from its status cache at once.
              notify(socket, 'signatureNotification', subscriptionId, { context: { slot }, value: { err: record.err } });
              subscriptions.delete(subscriptionId);
            }
            return;
          }
          case 'slotSubscribe':
            subscribe({ kind: 'slot', socket });
            return;
          case 'accountSubscribe': {
            const addr = expectAddress(params[0]);
            const encoding = (configOf(params[1]).encoding as string | undefined) ?? 'base58';
            subscribe({ kind: 'account', socket, address: addr, encoding });
            return;
          }
          case 'signatureUnsubscribe':
            return unsubscribe('signature');
          case 'slotUnsubscribe':
            return unsubscribe('slot');
          case 'accountUnsubscribe':
            return unsubscribe('account');
          default:
            return send(socket, { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
        }
      } catch (error) {
        send(socket, errorResponse(id ?? null, error));
      }
    });
  });

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  }

  function makeServer(): Server {
    const server = createServer(onHttpRequest);
    server.on('upgrade', onUpgrade);
    return server;
  }

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        const addressInfo = server.address();
        resolve(typeof addressInfo === 'object' && addressInfo ? addressInfo.port : port);
      });
    });
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const httpServer = makeServer();
  const wsServer = makeServer();
  let port: number;
  try {
    if (options.port !== undefined) {
      port = await listen(httpServer, options.port);
      await listen(wsServer, port + 1);
    } else {
      // A free port whose successor is free too, so the web3.js convention (ws on port + 1) holds.
      for (let attempt = 0; ; attempt += 1) {
        port = await listen(httpServer, 0);
        try {
          await listen(wsServer, port + 1);
          break;
        } catch (error) {
          await close(httpServer);
          if (attempt >= 20) throw error;
        }
      }
    }
  } catch (error) {
    clearInterval(timer);
    await Promise.all([close(httpServer), close(wsServer)]);
    throw error;
  }

  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    svm,
    slot: () => slot,
    advanceSlots(count: number) {
      for (let i = 0; i < count; i += 1) tick();
    },
    processTransaction,
    airdrop: (to: string, amount: bigint) => airdrop(expectAddress(to), amount),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      for (const client of wss.clients) client.terminate();
      subscriptions.clear();
      await Promise.all([close(httpServer), close(wsServer)]);
      wss.close();
    },
  };
}
