/**
 * The bridge on Solana. A deposit is one transaction paid by the trader: a System transfer of the quoted
 * lamports to the depository (the solver's own address) and an SPL Memo carrying the requestId. This builds
 * and checks deposits and prices the solver's inventory and payments; finding deposits is
 * solana-deposit-watch.ts, the solver's fills and refunds solana-payments.ts.
 */
import { address } from '@solana/kit';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { decodeBase58, isSolanaAddress } from '@/server/chains/solana/address';
import { getBalance } from '@/server/chains/solana/actions/get-balance';
import { getMinimumBalanceForRentExemption } from '@/server/chains/solana/actions/get-minimum-balance-for-rent-exemption';
import { solanaKeyPair } from '@/server/chains/solana/key-pair';
import { LAMPORTS_PER_SIGNATURE } from '@/server/chains/solana/programs';
import { tokenAccountOf } from '@/server/chains/solana/token-instructions';
import { readTransaction, signatureOf, wireTransaction } from '@/server/chains/solana/transactions';
import { CHAINS, NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { readSolanaTokenBalance } from '@/server/chains/solana/solana-token-balance';
import type { BridgeAsset, BridgeChain, BridgeToken } from '../bridge-chain';
import type { SampledRange } from '../sampled-price-range';
import { describeToken, SOL, transferWithMemo, withBlockhash, type SolanaBridgeContext } from './solana-bridge-context';
import { recheckDeposit, scanDeposits, waitForDeposit } from './solana-deposit-watch';
import { send, settlePayment, signPayment } from './solana-payments';
import { splPaymentInstructions } from './solana-token-deposits';
import { depositProblems, signatureProblem } from './solana-deposits';

/** Lamports the solver keeps beyond its rent-exempt minimum, for the fees of the payments it signs. */
export const SOLVER_FEE_RESERVE = 1_000_000n;

export interface SolanaBridgeChainDeps {
  chain: ConfiguredChain;
  solverSecretKey: string;
  depository: string;
  nativeUsd: () => Promise<number>;
  /** The chain's USD stable: besides SOL, the one token the solver takes and pays on SOL (none: SOL only). */
  stable?: BridgeToken;
  /** Confirmations a deposit needs (SOLANA_FINALIZED_DEPTH: finalized); the chain table's when left out. */
  confirmations?: number;
  /** The assets the solver takes and pays on SOL (SOL itself and the stable, unless BRIDGE_ASSETS_SOL narrows them). */
  assets?: BridgeAsset[];
  /** SOL's USD range, from samples of its spot price (sampled-price-range.ts); the spot price alone when not given. */
  priceRange?: SampledRange;
}

/** A token account's size: its rent is what paying a wallet without one costs on top of the fee. */
const TOKEN_ACCOUNT_SIZE = 165;

export function createSolanaBridgeChain(deps: SolanaBridgeChainDeps): BridgeChain {
  const secret = decodeBase58(deps.solverSecretKey);
  if (secret?.length !== 64) throw new AppError('INTERNAL', 'The SOL solver key is not the base58 text of a 64-byte secret key.');
  if (!isSolanaAddress(deps.depository)) throw new AppError('INTERNAL', `The SOL depository ${deps.depository} is not a Solana address.`);
  const context: SolanaBridgeContext = {
    chain: deps.chain,
    rpc: deps.chain.rpc,
    solver: solanaKeyPair(secret),
    depository: deps.depository,
    stable: deps.stable,
    confirmations: deps.confirmations ?? CHAINS.SOL.depositConfirmations,
  };
  return {
    chain: 'SOL',
    confirmations: context.confirmations,
    depository: context.depository,
    solver: context.solver.address,
    nativeUsd: deps.nativeUsd,
    // SOL's price comes from the route source (the local maker, or Jupiter's aggregate): no on-chain history
    // to read, so the range is the spot prices sampled over a recent window.
    nativeUsdRange: deps.priceRange?.range ?? spotOnly(deps.nativeUsd),
    samplePrice: deps.priceRange?.sample,
    // No blocks to compare: read (sampled) again.
    nativeUsdRangeNow: () => (deps.priceRange?.range ?? spotOnly(deps.nativeUsd))(),
    assets: deps.assets ?? defaultAssets(deps.stable),
    router: undefined,
    buildSwapDeposit: () => {
      throw new AppError('INVALID_INPUT', 'tokenIn: on SOL the bridge takes its assets only; swap the token into SOL or the stable first.', {
        field: 'tokenIn',
      });
    },
    inventory: (held) => inventory(context, held),
    ...NO_APPROVALS_OR_SWAPS,
    nativeToken: SOL,
    stable: deps.stable && { address: deps.stable.address, decimals: deps.stable.decimals },
    describeToken: async (address, field) => describeToken(context, address, field),
    tokenInventory: async (token) =>
      token === NATIVE_TOKEN_ADDRESS ? inventory(context) : (await readSolanaTokenBalance(context.chain, context.solver.address, token, undefined)).balance,
    paymentCost: (to, amount, token) => (token && token !== NATIVE_TOKEN_ADDRESS ? tokenPaymentCost(context, to, token) : paymentCost(context, to, amount)),
    buildDeposit: (input) => buildDeposit(context, input),
    buildTokenDeposit: (input) => buildTokenDeposit(context, input),
    checkSignedDeposit: (signed, expected) => checkSignedDeposit(context, signed, expected),
    // Sent, then confirmed by settlePayment: a blockhash's validity bounds it, not a block.
    sendPayment: async (payment) => {
      await send(context, payment.raw, { expiredIsRefusal: true });
      return undefined;
    },
    broadcast: async (signed) => {
      await send(context, signed, { expiredIsRefusal: true });
    },
    waitForDeposit: async (signature, timeoutMs, signed) => {
      if (signed) await send(context, signed, { expiredIsRefusal: true });
      return waitForDeposit(context, signature, timeoutMs);
    },
    recheckDeposit: (signature) => recheckDeposit(context, signature),
    scanDeposits: (cursor) => scanDeposits(context, cursor),
    signPayment: (input) => signPayment(context, input),
    settlePayment: (payment, timeoutMs, options) => settlePayment(context, payment, timeoutMs, options?.justSent ?? false),
  };
}

/** The spot price as a range of one point. */
const spotOnly = (nativeUsd: () => Promise<number>) => async () => {
  const spot = await nativeUsd();
  return { spot, low: spot, high: spot };
};

function defaultAssets(stable: BridgeToken | undefined): BridgeAsset[] {
  return [
    { address: NATIVE_TOKEN_ADDRESS, decimals: SOL.decimals, kind: 'native' },
    ...(stable ? [{ address: stable.address, decimals: stable.decimals, kind: 'stable' as const }] : []),
  ];
}

const noApproval = () => new AppError('TX_MISMATCH', 'approve: Solana deposits need no approval. Leave approve out.', { field: 'approve' });
/** Only the EVM chains swap for the solver (a destination swap, the sale of a deposit): describeToken never lets one reach here. */
const noSolverSwap = () => new AppError('INVALID_INPUT', 'tokenOut: the solver does not swap on SOL.', { field: 'tokenOut' });

const NO_APPROVALS_OR_SWAPS: Pick<BridgeChain, 'gasPrice' | 'checkSignedApproval' | 'allowanceCovers' | 'sendApproval' | 'signPrepared' | 'receivedBy'> = {
  // Solana charges per signature (paymentCost), not per unit of gas.
  gasPrice: async () => 0n,
  checkSignedApproval: async () => {
    throw noApproval();
  },
  allowanceCovers: async () => true,
  sendApproval: async () => {
    throw noApproval();
  },
  signPrepared: async () => {
    throw noSolverSwap();
  },
  receivedBy: async () => {
    throw noSolverSwap();
  },
};

async function buildTokenDeposit(context: SolanaBridgeContext, input: { trader: string; amount: bigint; requestId: string; token: string }) {
  const { decimals } = describeToken(context, input.token, 'tokenIn');
  const trader = address(input.trader);
  const transaction = await withBlockhash(
    context,
    trader,
    await splPaymentInstructions({
      payer: trader,
      from: trader,
      to: context.solver.address,
      mint: input.token,
      decimals,
      amount: input.amount,
      memo: input.requestId,
    }),
  );
  return { deposit: wireTransaction(transaction) };
}

/** The signature, and the rent of the recipient's token account when it has none yet (the solver opens it). */
async function tokenPaymentCost(context: SolanaBridgeContext, to: string, token: string): Promise<bigint> {
  const [held, rent] = await Promise.all([
    getBalance(context.rpc, await tokenAccountOf(token, to)),
    getMinimumBalanceForRentExemption(context.rpc, TOKEN_ACCOUNT_SIZE),
  ]);
  return LAMPORTS_PER_SIGNATURE + (held === 0n ? rent : 0n);
}

async function inventory(context: SolanaBridgeContext, held?: bigint): Promise<bigint> {
  const [balance, rent] = await Promise.all([held ?? getBalance(context.rpc, context.solver.address), getMinimumBalanceForRentExemption(context.rpc, 0)]);
  const spendable = balance - rent - SOLVER_FEE_RESERVE;
  return spendable > 0n ? spendable : 0n;
}

async function paymentCost(context: SolanaBridgeContext, to: string, amount: bigint): Promise<bigint> {
  const [balance, rent] = await Promise.all([getBalance(context.rpc, to), getMinimumBalanceForRentExemption(context.rpc, 0)]);
  // The chain refuses a transfer that would leave a new account below the rent-exempt minimum.
  if (balance === 0n && amount < rent) {
    throw new AppError(
      'INVALID_INPUT',
      `amount: ${to} has no SOL account yet, and ${amount} lamports would not make it rent-exempt (${rent} lamports at least). Send at least that much, or fund the account first.`,
      { field: 'amount' },
    );
  }
  return LAMPORTS_PER_SIGNATURE;
}

async function buildDeposit(
  context: SolanaBridgeContext,
  { trader, amount, requestId }: { trader: string; amount: bigint; requestId: string },
): Promise<string> {
  const transaction = await transferWithMemo(context, { from: address(trader), to: address(context.depository), amount, requestId });
  return wireTransaction(transaction);
}

async function checkSignedDeposit(
  context: SolanaBridgeContext,
  signed: string,
  expected: { trader: string; amount: bigint; requestId: string; token?: string },
): Promise<{ txHash: string }> {
  let read: ReturnType<typeof readTransaction>;
  try {
    read = readTransaction(signed);
  } catch {
    throw new AppError('INVALID_SIGNATURE', 'trade: not a serialized Solana transaction. Sign the quoted deposit unchanged and send it as base64.', {
      field: 'trade',
    });
  }
  const { transaction, message } = read;
  const problems = await depositProblems(message, expected, context.depository);
  if (problems.length > 0) {
    throw new AppError('TX_MISMATCH', `trade: the deposit does not match the quote: ${problems.join('; ')}. Sign the quoted deposit unchanged.`, {
      field: 'trade',
    });
  }
  const problem = await signatureProblem(transaction, message);
  if (problem) throw new AppError('INVALID_SIGNATURE', `trade: ${problem}`, { field: 'trade' });
  return { txHash: signatureOf(transaction) };
}
