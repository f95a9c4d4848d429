/**
 * The bridge on an EVM chain. Native deposits are transfers to the Depository contract whose calldata is the
 * requestId, token deposits its `depositToken` (evm-bridge-tokens.ts); the contract forwards the value to
 * the solver and emits `Deposit` or `TokenDeposit`, so finding deposits is one eth_getLogs per block range.
 * Fills and refunds are transfers (native or token) signed by the solver's key, or a destination swap the
 * quote engine prepared for it.
 */
import { parseTransaction, type Address, type Hex } from 'viem';
import { boundedCache, rememberPromise } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { estimateGas } from '@/server/chains/evm/actions/estimate-gas';
import { getBalance } from '@/server/chains/evm/actions/get-balance';
import { getBlockNumber } from '@/server/chains/evm/actions/get-block-number';
import { getTransactionCount } from '@/server/chains/evm/actions/get-transaction-count';
import { getTransactionReceipt } from '@/server/chains/evm/actions/get-transaction-receipt';
import { sendAndWaitForReceipt } from '@/server/chains/evm/actions/send-and-wait';
import { sendRawTransaction } from '@/server/chains/evm/actions/send-raw-transaction';
import { waitForReceipt } from '@/server/chains/evm/actions/wait-for-receipt';
import type { EvmReceipt } from '@/server/chains/evm/evm-schemas';
import { callHash, readSignedTx, serializeUnsigned } from '@/server/chains/evm/evm-transactions';
import { fastPrivateKeyAccount } from '@/server/chains/evm/fast-account';
import { keccak256 } from '@/server/chains/evm/keccak';
import { AppError } from '@/server/errors';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { nativeUsd } from '@/server/venues/evm/pools/token-pools';
import {
  nativeBridgeToken,
  type BridgeAsset,
  type BridgeChain,
  type DepositState,
  type NativeUsdRange,
  type PaymentState,
  type SignedPayment,
} from '../bridge-chain';
import { DROPPED_AFTER_MS, droppedWatch, QUIET_AFTER_SEND_MS } from './dropped-watch';
import { highestFee, keepSettled, txFees, type EvmBridgeContext } from './evm-bridge-context';
import {
  allowanceCovers,
  buildTokenDeposit,
  isNative,
  checkSignedApproval,
  describeEvmToken,
  evmTokenInventory,
  receivedBy,
  sendApproval,
  signPrepared,
  tokenDepositProblems,
  tokenTransferData,
  tokenTransferGas,
} from './evm-bridge-tokens';
import { minedDeposit, recheckDeposit, scanDeposits } from './evm-deposits';
import { buildSwapDeposit } from './evm-swap-deposit';

/** A deposit runs the Depository's fallback: event plus forwarding call, well under this. */
const DEPOSIT_GAS = 60_000n;
/** What the solver keeps back on every chain for its own gas, in gas units at the current fee. */
const SOLVER_GAS_RESERVE = 500_000n;

export interface EvmBridgeChainDeps {
  chain: ConfiguredChain;
  solverPrivateKey: Hex;
  depository: string;
  fees: PriorityFeeReader;
  /** Confirmations a deposit needs before it is filled (config: BRIDGE_CONFIRMATIONS_<CHAIN>). */
  confirmations: number;
  /** The assets the solver takes and pays here (bridge-assets.ts). */
  assets: BridgeAsset[];
  /** The native coin's USD range (server/venues/evm/pools/native-usd-range.ts); the spot price alone when not given. */
  nativeUsdRange?: (chain: ConfiguredChain) => Promise<NativeUsdRange>;
}

/**
 * The range, and the range now: the last one read is kept with the block it was read at, and asked for again
 * only once the chain has a new head (one `eth_blockNumber` instead of the range's batch).
 */
function rangeReads(
  chain: ConfiguredChain,
  read: (chain: ConfiguredChain) => Promise<NativeUsdRange>,
): Pick<BridgeChain, 'nativeUsdRange' | 'nativeUsdRangeNow'> {
  let last: NativeUsdRange | undefined;
  const readAgain = async () => {
    const range = await read(chain);
    if (range.block !== undefined && (last?.block === undefined || range.block >= last.block)) last = range;
    return range;
  };
  return {
    nativeUsdRange: readAgain,
    async nativeUsdRangeNow() {
      const kept = last;
      if (kept?.block !== undefined && (await getBlockNumber(chain.rpc)) === kept.block) return kept;
      return readAgain();
    },
  };
}

/** The spot price as a range of one point: what a chain read without the range's other sources offers. */
async function spotRange(chain: ConfiguredChain): Promise<NativeUsdRange> {
  const spot = await nativeUsd(chain);
  return { spot, low: spot, high: spot };
}

export function createEvmBridgeChain(deps: EvmBridgeChainDeps): BridgeChain {
  const { chain } = deps;
  const context: EvmBridgeContext = {
    chain,
    solver: fastPrivateKeyAccount(deps.solverPrivateKey),
    depository: deps.depository.toLowerCase() as Address,
    fees: deps.fees,
    confirmations: deps.confirmations,
    settled: new Map(),
    gasEstimates: boundedCache({ name: `bridge gas estimates ${chain.info.id}`, max: GAS_ESTIMATE_ENTRIES, ttlMs: GAS_ESTIMATE_REUSE_MS }),
    tokens: boundedCache({ name: `bridge tokens ${chain.info.id}`, max: BRIDGE_TOKEN_ENTRIES }),
  };
  const stable = chain.venues?.stable;
  return {
    chain: chain.info.id,
    confirmations: deps.confirmations,
    depository: context.depository,
    solver: context.solver.address,
    nativeToken: nativeBridgeToken(chain.info.id),
    stable: stable && { address: stable.address.toLowerCase(), decimals: stable.decimals },
    assets: deps.assets,
    router: chain.routerAddress || undefined,
    ...rangeReads(chain, deps.nativeUsdRange ?? spotRange),
    buildSwapDeposit: (input) => buildSwapDeposit(context, input),
    describeToken: (address, field) => describeEvmToken(context, address, field),
    tokenInventory: (token) => (isNative(token) ? inventory(context) : evmTokenInventory(context, token)),
    gasPrice: async () => highestFee(await txFees(context)),
    nativeUsd: () => nativeUsd(chain),
    inventory: (held) => inventory(context, held),
    paymentCost: (to, amount, token) => paymentCost(context, to, amount, token),
    buildDeposit: (input) => buildDeposit(context, input),
    buildTokenDeposit: (input) => buildTokenDeposit(context, input),
    checkSignedDeposit: (signed, expected) => checkSignedDeposit(context, signed, expected),
    checkSignedApproval: (signed, expected) => checkSignedApproval(context, signed, expected),
    allowanceCovers: (input) => allowanceCovers(context, input),
    sendApproval: (signed, timeoutMs) => sendApproval(context, signed, timeoutMs),
    signPrepared: (unsigned, options) => signPrepared(context, unsigned, options?.maxGas),
    receivedBy: (txHash, recipient, token) => receivedBy(context, txHash, recipient, token),
    // A deposit or payment sent again may be in the pool or mined already: the receipt tells the rest.
    broadcast: (signed) => sendRawTransaction(chain.rpc, signed, { resend: true }),
    sendPayment: (payment) => sendPayment(context, payment),
    waitForDeposit: (txHash, timeoutMs, signed) => waitForDeposit(context, txHash, timeoutMs, signed),
    recheckDeposit: (txHash) => recheckDeposit(context, txHash),
    scanDeposits: (cursor) => scanDeposits(context, cursor),
    signPayment: (input) => signPayment(context, input),
    settlePayment: (payment, timeoutMs, options) => settlePayment(context, payment, timeoutMs, options?.justSent ?? false),
  };
}

/** How long an estimate for one transfer is reused: a fill checks its cost, then signs, moments apart. */
const GAS_ESTIMATE_REUSE_MS = 5_000;
/** Transfers whose estimate is kept at most (one per recipient, token and amount within the reuse time). */
const GAS_ESTIMATE_ENTRIES = 1_000;
/** Tokens whose symbol and decimals are remembered (any caller may name any contract: the least recently used make way). */
export const BRIDGE_TOKEN_ENTRIES = 1_000;

/** 21,000 to an account without code; a contract recipient (a smart wallet) may need more; a token transfer its own. */
function paymentGas(context: EvmBridgeContext, to: string, amount: bigint, token?: string): Promise<bigint> {
  return rememberPromise(context.gasEstimates, `${token ?? 'native'}:${to.toLowerCase()}:${amount}`, () =>
    isNative(token) ? estimateGas(context.chain.rpc, { from: context.solver.address, to, value: amount }) : tokenTransferGas(context, token!, to, amount),
  );
}

const paymentState = (receipt: EvmReceipt): PaymentState => (receipt.status === 'success' ? 'confirmed' : 'reverted');

async function inventory(context: EvmBridgeContext, held?: bigint): Promise<bigint> {
  const [balance, fees] = await Promise.all([held ?? getBalance(context.chain.rpc, context.solver.address), txFees(context)]);
  const spendable = balance - SOLVER_GAS_RESERVE * highestFee(fees);
  return spendable > 0n ? spendable : 0n;
}

async function paymentCost(context: EvmBridgeContext, to: string, amount: bigint, token?: string): Promise<bigint> {
  const [gas, fees] = await Promise.all([paymentGas(context, to, amount, token), txFees(context)]);
  return gas * highestFee(fees);
}

async function buildDeposit(context: EvmBridgeContext, { trader, amount, requestId }: { trader: string; amount: bigint; requestId: string }): Promise<string> {
  const [nonce, fees] = await Promise.all([getTransactionCount(context.chain.rpc, trader, 'pending'), txFees(context)]);
  return serializeUnsigned({
    chainId: context.chain.info.chainId,
    nonce,
    gas: DEPOSIT_GAS,
    to: context.depository,
    value: amount,
    data: requestId as Hex,
    fees,
  });
}

/** What is wrong with a signed swap-and-deposit: anything but the quoted Router call. */
function swapDepositProblems(context: EvmBridgeContext, tx: { to: Address | null; value: bigint; data: Hex }, expectedHash: string): string[] {
  const router = context.chain.routerAddress.toLowerCase();
  if (tx.to?.toLowerCase() !== router) return [`it calls ${tx.to ?? 'a contract creation'}, not the Router ${router}`];
  return callHash(tx.to, tx.value, tx.data) === expectedHash
    ? []
    : ['its swap-and-deposit call is not the quoted one (amounts, route, minimum, deadline or requestId changed)'];
}

async function checkSignedDeposit(
  context: EvmBridgeContext,
  signed: string,
  expected: { trader: string; amount: bigint; requestId: string; token?: string; callHash?: string },
): Promise<{ txHash: string }> {
  const { info } = context.chain;
  const { depository } = context;
  const tx = await readSignedTx(signed as Hex, 'trade');
  const problems: string[] = [];
  if (tx.signer.toLowerCase() !== expected.trader.toLowerCase()) problems.push(`it is signed by ${tx.signer}, not the quoted trader ${expected.trader}`);
  if (tx.chainId !== info.chainId) problems.push(`it is for chain id ${tx.chainId}, not ${info.chainId} (${info.id})`);
  if (expected.callHash) {
    problems.push(...swapDepositProblems(context, tx, expected.callHash));
  } else if (tx.to?.toLowerCase() !== depository) {
    problems.push(`it pays ${tx.to ?? 'a contract creation'}, not the depository ${depository}`);
  } else if (!isNative(expected.token)) {
    problems.push(...tokenDepositProblems(tx.data, tx.value, { ...expected, token: expected.token! }));
  } else {
    if (tx.value !== expected.amount) problems.push(`it sends ${tx.value} wei, not the quoted ${expected.amount}`);
    if (tx.data.toLowerCase() !== expected.requestId.toLowerCase()) problems.push('its data is not the requestId');
  }
  if (problems.length > 0) {
    throw new AppError('TX_MISMATCH', `trade: the deposit does not match the quote: ${problems.join('; ')}. Sign the quoted deposit unchanged.`, {
      field: 'trade',
    });
  }
  return { txHash: tx.txHash };
}

async function waitForDeposit(context: EvmBridgeContext, txHash: string, timeoutMs: number, signed?: string): Promise<DepositState> {
  const { rpc } = context.chain;
  const mined = signed ? await sendAndWaitForReceipt(rpc, signed, { hash: txHash, timeoutMs, resend: true }) : await waitForReceipt(rpc, txHash, { timeoutMs });
  if (!mined) return { state: 'pending' };
  return minedDeposit(context, mined);
}

async function signPayment(context: EvmBridgeContext, { to, amount, token }: { to: string; amount: bigint; token?: string }): Promise<SignedPayment> {
  const [nonce, gas, fees] = await Promise.all([
    getTransactionCount(context.chain.rpc, context.solver.address, 'pending'),
    paymentGas(context, to, amount, token),
    txFees(context),
  ]);
  const call = isNative(token)
    ? { to: to as Address, value: amount, data: '0x' as Hex }
    : { to: token as Address, value: 0n, data: tokenTransferData(to, amount) };
  const unsigned = parseTransaction(serializeUnsigned({ chainId: context.chain.info.chainId, nonce, gas, ...call, fees }));
  const raw = await context.solver.signTransaction(unsigned as never);
  return { txHash: keccak256(raw), raw };
}

/** Chains whose blocks come this often or faster have their payments sent and awaited in one request, in the signing turn. */
const SETTLE_IN_TURN_BLOCK_MS = 500;

async function sendPayment(context: EvmBridgeContext, payment: SignedPayment): Promise<PaymentState | undefined> {
  const { rpc, info } = context.chain;
  if (info.blockTimeMs > SETTLE_IN_TURN_BLOCK_MS) {
    await sendRawTransaction(rpc, payment.raw, { resend: true });
    return undefined;
  }
  const mined = await sendAndWaitForReceipt(rpc, payment.raw, { hash: payment.txHash, timeoutMs: 2 * info.blockTimeMs, resend: true });
  if (!mined) return undefined;
  keepSettled(context, payment.txHash, mined);
  return paymentState(mined);
}

async function settlePayment(context: EvmBridgeContext, payment: SignedPayment, timeoutMs: number, justSent: boolean): Promise<PaymentState> {
  const { rpc } = context.chain;
  const nonce = parseTransaction(payment.raw as Hex).nonce ?? 0;
  let dropped = false;
  // Another transaction took this nonce (a replacement, or another instance's payment): this one can never land.
  const watch = droppedWatch(
    {
      nonceUsed: async () => (await getTransactionCount(rpc, context.solver.address, 'latest')) > nonce,
      landed: async () => (await getTransactionReceipt(rpc, payment.txHash)) !== null,
    },
    DROPPED_AFTER_MS,
    Date.now,
    QUIET_AFTER_SEND_MS,
  );
  const nonceTaken = async () => (dropped = await watch());
  // Not just sent: it may have been mined since (its receipt is taken as found), else it is sent again.
  const mined = justSent
    ? await waitForReceipt(rpc, payment.txHash, { timeoutMs, stop: nonceTaken })
    : await sendAndWaitForReceipt(rpc, payment.raw, { hash: payment.txHash, timeoutMs, stop: nonceTaken, resend: true, lookFirst: true });
  if (mined) {
    keepSettled(context, payment.txHash, mined);
    return paymentState(mined);
  }
  return dropped ? 'dropped' : 'pending';
}
