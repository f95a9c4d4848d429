/**
 * The Solana quote: the route source prices the leg and gives its instructions; this wraps them into one
 * v0 transaction with the user as fee payer: compute-unit limit (from a simulation, with margin) and price
 * (per priority level), the protocol and integrator fees (on the SOL side when there is one, else on the
 * input mint), and the venue's transfers. No approval ever. A stateless quote id commits to the message.
 */
import { createHash } from 'node:crypto';
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { z } from 'zod';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { CHAINS } from '@/server/chains/registry';
import { batchAnswer, requestChecked } from '@/server/chains/rpc-answers';
import { latestBlockhashSchema } from '@/server/chains/solana/actions/get-latest-blockhash';
import { LAMPORTS_PER_SIGNATURE } from '@/server/chains/solana/programs';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { AppError } from '@/server/errors';
import type { LevelFees, PriorityLevel } from '@/server/chains/fee-levels';
import { SOL_SENTINEL, WRAPPED_SOL_MINT, type SolanaRoute } from '@/server/venues/solana/route-source';
import { mintOf, solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { BPS, splitAmount } from '@/server/fees/fee-model';
import { issueQuoteId, QUOTE_TTL_MS } from '../quote-id';
import type { SwapQuote, SwapRequest } from '../swap-types';
import { tradeFailure } from '@/server/trade-failures';

export interface SolanaQuoteDeps {
  chain: ConfiguredChain;
  trading: SolanaTrading;
  balances: BalanceReader;
  fees: { read(chain: 'SOL'): Promise<Record<PriorityLevel, LevelFees>> };
  secret: string;
  now?: () => number;
}

const SOL_DECIMALS = CHAINS.SOL.nativeDecimals;
const SIMULATION_UNIT_LIMIT = 1_400_000;
/** Compute units when the trade cannot be simulated yet (the trader does not hold the input). */
const DEFAULT_UNIT_LIMIT = 200_000;
const UNIT_MARGIN_PERCENT = 20;
/** SOL kept back from a share of the balance: fees, and rent for the token accounts the trade may open. */
const SOL_RESERVE = 10_000_000n;
/** Rent-exempt minimum of an empty system account: smaller SOL payments to an empty account fail. */
const RENT_EXEMPT_MINIMUM = 890_880n;

const simulationSchema = z.object({
  value: z.object({ err: z.unknown().nullable(), unitsConsumed: z.number().optional(), logs: z.array(z.string()).nullable().optional() }),
});
const lookupTableSchema = z.object({ value: z.object({ data: z.tuple([z.string(), z.literal('base64')]) }).nullable() });

/** The hash a quote id commits to: the message the user signs. */
export function messageHash(message: Uint8Array): string {
  return createHash('sha256').update(message).digest('hex');
}

export async function quoteSolanaSwap(deps: SolanaQuoteDeps, request: SwapRequest): Promise<SwapQuote> {
  const user = new PublicKey(request.trader);
  const [amountIn, levels, decimalsIn, decimalsOut] = await Promise.all([
    resolveAmount(deps, request),
    deps.fees.read('SOL'),
    decimalsOf(deps, request.tokenIn),
    decimalsOf(deps, request.tokenOut),
  ]);
  const unitPrice = levels[request.priority].maxPriorityFeePerGas;
  const { priced, built } = await priceAndBuild(deps, request, { user, amountIn, unitPrice });
  const expiresAt = (deps.now ?? Date.now)() + QUOTE_TTL_MS;
  const amountOut = priced.outputFees.net;
  const quoteId = solanaQuoteId(deps, request, { priced, built, amountIn, decimalsIn, decimalsOut, expiresAt });

  const { fees, route } = priced;
  const nativeIn = request.tokenIn === SOL_SENTINEL;
  const nativeOut = request.tokenOut === SOL_SENTINEL;
  // The route came from the venue a moment ago: a price it fails to give now leaves the USD figures unknown
  // (0) rather than refusing a trade that can be signed.
  const solUsd = await solUsdPrice(deps).catch(() => 0);
  const signatures = BigInt(built.transaction.message.header.numRequiredSignatures);
  const networkLamports = LAMPORTS_PER_SIGNATURE * signatures + (BigInt(built.unitLimit) * BigInt(unitPrice)) / 1_000_000n;
  const feeOnOutput = !nativeIn && nativeOut;
  return {
    amountIn,
    amountOut,
    // What the signed transaction enforces: the venue's own minimum, less the fixed fee transfers that follow
    // it when fees come from the output. The maker pays a fixed amount (its minimum is its quote), so there
    // amountOutMin equals amountOut whatever the slippage.
    amountOutMin: route.minAmountOut - (feeOnOutput ? fees.protocolFee + fees.integratorFee : 0n),
    route: [
      { share: 1_000_000, hops: [{ venue: route.venue, pool: routePool(deps, route), tokenIn: request.tokenIn, tokenOut: request.tokenOut, fee: 3000 }] },
    ],
    simulated: built.simulated,
    priceImpactPercent: Math.round(route.priceImpactPercent * 10_000) / 10_000,
    tradeGasLimit: BigInt(built.unitLimit),
    protocolFee: fees.protocolFee,
    integratorFee: fees.integratorFee,
    feeToken: nativeIn || nativeOut ? SOL_SENTINEL : request.tokenIn,
    valueAmountInUsd: await inputUsd(deps, request, { amountIn, amountOut, fees, decimalsIn, decimalsOut, solUsd }),
    valueAmountOutUsd: await outputUsd(deps, request, { amountOut, decimalsOut, solUsd }),
    gasCostUsd: usd(networkLamports, solUsd),
    txCostUsd: usd(networkLamports, solUsd),
    taxes: { buyTax: 0, sellTax: 0, transferTax: 0 },
    decimalsIn,
    decimalsOut,
    transactions: { trade: Buffer.from(built.transaction.serialize()).toString('base64') },
    quoteId,
    expiresAt,
  };
}

type AmountSplit = ReturnType<typeof splitAmount>;

/**
 * The input's value in USD: from the SOL side when there is one, from the stable side when there is one,
 * else from what the input would fetch in SOL (one more quote from the route source).
 */
async function inputUsd(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  figures: { amountIn: bigint; amountOut: bigint; fees: AmountSplit; decimalsIn: number; decimalsOut: number; solUsd: number },
): Promise<number> {
  const { amountIn, amountOut, fees, decimalsIn, decimalsOut, solUsd } = figures;
  if (request.tokenIn === SOL_SENTINEL) return usd(amountIn, solUsd);
  if (request.tokenOut === SOL_SENTINEL) return usd(amountOut + fees.protocolFee + fees.integratorFee, solUsd);
  const stable = deps.trading.stable?.address;
  if (stable && request.tokenIn === stable) return Number(amountIn) / 10 ** decimalsIn;
  if (stable && request.tokenOut === stable) return Number(amountOut) / 10 ** decimalsOut;
  try {
    const { source } = deps.trading;
    const leg = { inputMint: mintOf(request.tokenIn), outputMint: WRAPPED_SOL_MINT, amountIn, slippageBps: 0 };
    const inSol = source.price ? await source.price(leg) : (await source.quote({ ...leg, user: deps.trading.feeCollector })).amountOut;
    return usd(inSol, solUsd);
  } catch {
    // No SOL market for the input: the value is unknown, not an error of the quote.
    return 0;
  }
}

/** The output's value in USD, priced as the input's is: SOL and the stable directly, else through what it fetches in SOL. */
async function outputUsd(deps: SolanaQuoteDeps, request: SwapRequest, figures: { amountOut: bigint; decimalsOut: number; solUsd: number }): Promise<number> {
  const { amountOut, decimalsOut, solUsd } = figures;
  if (request.tokenOut === SOL_SENTINEL) return usd(amountOut, solUsd);
  const stable = deps.trading.stable?.address;
  if (stable && request.tokenOut === stable) return Number(amountOut) / 10 ** decimalsOut;
  try {
    const inSol = await deps.trading.source.quote({
      inputMint: request.tokenOut,
      outputMint: WRAPPED_SOL_MINT,
      amountIn: amountOut,
      slippageBps: 0,
      user: deps.trading.feeCollector,
    });
    return usd(inSol.amountOut, solUsd);
  } catch {
    // No SOL market for the output: the value is unknown, not an error of the quote.
    return 0;
  }
}

/** The venue's route with the fees around it. */
interface PricedRoute {
  route: SolanaRoute;
  /** What the venue gets (`net`) after input-side fees; no fees when they are taken from the output. */
  inputFees: AmountSplit;
  /** What the user keeps (`net`) after output-side fees; no fees when they were taken from the input. */
  outputFees: AmountSplit;
  /** The side that pays. */
  fees: AmountSplit;
  /** The transaction's instructions after the compute budget: input-side fees, the venue's, output-side fees. */
  body: TransactionInstruction[];
}

/**
 * Fees on the SOL side when there is one, else on the input mint; output-side fees leave the user's wallet
 * right after the venue paid it, in the same transaction.
 */
/**
 * The accounts a Jupiter route may use, tried in turn (its documentation: start at 64 and lower it when the
 * instructions added around the swap push the transaction past one packet; fewer accounts can mean a worse
 * route or none). The maker's routes are small and never asked again.
 */
export const MAX_ACCOUNTS_STEPS = [64, 48, 32] as const;
/** What one Solana transaction may take on the wire. */
const PACKET_BYTES = 1232;

/** The route no transaction built around it could carry: more accounts than one packet holds. */
class TooLargeForOnePacket extends Error {
  override readonly name = 'TooLargeForOnePacket';
}

async function priceAndBuild(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  figures: { user: PublicKey; amountIn: bigint; unitPrice: bigint },
): Promise<{ priced: PricedRoute; built: BuiltTransaction }> {
  for (const maxAccounts of MAX_ACCOUNTS_STEPS) {
    const priced = await priceWithFees(deps, request, figures.user, figures.amountIn, maxAccounts);
    try {
      return { priced, built: await buildTransaction(deps, request, figures.user, priced, figures.unitPrice) };
    } catch (error) {
      if (!(error instanceof TooLargeForOnePacket)) throw error;
      if (priced.route.venue !== 'JUPITER') throw new AppError('NO_ROUTE', 'The route uses more accounts than one Solana transaction can carry.');
    }
  }
  throw new AppError(
    'NO_ROUTE',
    `Even with at most ${MAX_ACCOUNTS_STEPS.at(-1)} accounts, the route does not fit one Solana transaction. Try a smaller amount or another pair.`,
  );
}

function fitsOnePacket(transaction: VersionedTransaction): boolean {
  try {
    return transaction.serialize().length <= PACKET_BYTES;
  } catch {
    // web3.js refuses to serialize past a packet.
    return false;
  }
}

async function priceWithFees(deps: SolanaQuoteDeps, request: SwapRequest, user: PublicKey, amountIn: bigint, maxAccounts?: number): Promise<PricedRoute> {
  const nativeIn = request.tokenIn === SOL_SENTINEL;
  const nativeOut = request.tokenOut === SOL_SENTINEL;
  const feeOnOutput = !nativeIn && nativeOut;
  const noFees = (net: bigint) => ({ protocolFee: 0n, integratorFee: 0n, net });
  const inputFees = feeOnOutput ? noFees(amountIn) : splitAmount(amountIn, request.fees);
  const route = await deps.trading.source.quote({
    inputMint: mintOf(request.tokenIn),
    outputMint: mintOf(request.tokenOut),
    amountIn: inputFees.net,
    slippageBps: request.slippageBps,
    user,
    maxAccounts,
  });
  const outputFees = feeOnOutput ? splitAmount(route.amountOut, request.fees) : noFees(route.amountOut);
  const fees = feeOnOutput ? outputFees : inputFees;
  const feeMint = nativeIn || nativeOut ? WRAPPED_SOL_MINT : mintOf(request.tokenIn);
  const payments: [PublicKey, bigint][] = [
    [deps.trading.feeCollector, fees.protocolFee],
    [new PublicKey(request.integrator), fees.integratorFee],
  ];
  await checkFeeRecipients(deps, feeMint, payments);
  const feeInstructions = await feeTransfers(deps, feeMint, user, payments);
  const body = [...(feeOnOutput ? [] : feeInstructions), ...route.instructions, ...(feeOnOutput ? feeInstructions : [])];
  return { route, inputFees, outputFees, fees, body };
}

interface BuiltTransaction {
  transaction: VersionedTransaction;
  unitLimit: number;
  simulated: boolean;
  lastValidBlockHeight: number;
}

/**
 * The transaction with its compute budget: one batch asks for a fresh blockhash and simulates the same
 * transaction (its blockhash replaced) for the units it uses, plus a margin. A trader who does not hold the
 * input yet cannot be simulated: a default limit then, unless the request requires the simulation.
 */
async function buildTransaction(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  user: PublicKey,
  priced: PricedRoute,
  unitPrice: bigint,
): Promise<BuiltTransaction> {
  const lookupTables = await loadLookupTables(deps.chain, priced.route.addressLookupTables);
  const compile = (unitLimit: number, blockhash: string) =>
    new VersionedTransaction(
      new TransactionMessage({
        payerKey: user,
        recentBlockhash: blockhash,
        instructions: [
          ComputeBudgetProgram.setComputeUnitLimit({ units: unitLimit }),
          ComputeBudgetProgram.setComputeUnitPrice({ microLamports: unitPrice }),
          ...priced.body,
        ],
      }).compileToV0Message(lookupTables),
    );

  const probe = compile(SIMULATION_UNIT_LIMIT, PublicKey.default.toBase58());
  if (!fitsOnePacket(probe)) throw new TooLargeForOnePacket();
  const [hashAnswer, simulationAnswer] = await deps.chain.rpc.requestBatch([
    { method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] },
    {
      method: 'simulateTransaction',
      params: [
        Buffer.from(probe.serialize()).toString('base64'),
        { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' },
      ],
    },
  ]);
  const { value: latest } = batchAnswer('SOL', 'getLatestBlockhash', latestBlockhashSchema, hashAnswer);
  const { value: simulation } = batchAnswer('SOL', 'simulateTransaction', simulationSchema, simulationAnswer);
  let unitLimit = DEFAULT_UNIT_LIMIT;
  if (simulation.err) {
    const failure = classifySolanaError(simulation.err, probe.message);
    const walletCanFix = failure.code === 'INSUFFICIENT_BALANCE' || request.priceOnly;
    if (!walletCanFix || request.requireSimulation) throw tradeFailure(failure.code, failure.reason);
  } else {
    unitLimit = Math.ceil(((simulation.unitsConsumed ?? DEFAULT_UNIT_LIMIT) * (100 + UNIT_MARGIN_PERCENT)) / 100);
  }
  return { transaction: compile(unitLimit, latest.blockhash), unitLimit, simulated: !simulation.err, lastValidBlockHeight: latest.lastValidBlockHeight };
}

/** The quote id commits to the message the user signs and to what the maker's last look compares. */
function solanaQuoteId(
  deps: SolanaQuoteDeps,
  request: SwapRequest,
  quote: { priced: PricedRoute; built: BuiltTransaction; amountIn: bigint; decimalsIn: number; decimalsOut: number; expiresAt: number },
): string {
  const { priced, built } = quote;
  return issueQuoteId(deps.secret, {
    v: 1,
    channel: request.channel,
    chain: 'SOL',
    trader: request.trader,
    exp: quote.expiresAt,
    txs: [{ role: 'trade', hash: messageHash(built.transaction.message.serialize()), nonce: 0 }],
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn: quote.amountIn.toString(),
    amountOut: priced.outputFees.net.toString(),
    decimalsIn: quote.decimalsIn,
    decimalsOut: quote.decimalsOut,
    side: request.side,
    solana: {
      venue: priced.route.venue,
      venueAmountIn: priced.inputFees.net.toString(),
      venueAmountOut: priced.route.amountOut.toString(),
      slippageBps: request.slippageBps,
      lastValidBlockHeight: built.lastValidBlockHeight,
    },
  });
}

function routePool(deps: SolanaQuoteDeps, route: SolanaRoute): string {
  return route.venue === 'MAKER' && deps.trading.maker ? deps.trading.maker.publicKey.toBase58() : route.venue;
}

async function decimalsOf(deps: SolanaQuoteDeps, token: string): Promise<number> {
  return token === SOL_SENTINEL ? SOL_DECIMALS : (await deps.trading.mints.info(token)).decimals;
}

async function resolveAmount(deps: SolanaQuoteDeps, request: SwapRequest): Promise<bigint> {
  if ('raw' in request.amount) return request.amount.raw;
  const nativeIn = request.tokenIn === SOL_SENTINEL;
  const { balance } = await deps.balances.read('SOL', request.trader, nativeIn ? undefined : request.tokenIn);
  let amount = (balance * BigInt(request.amount.balanceBps)) / BigInt(BPS);
  if (nativeIn && amount > balance - SOL_RESERVE) amount = balance - SOL_RESERVE;
  if (amount <= 0n) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `The trader's balance of tokenIn${nativeIn ? ', less what fees and rent will cost,' : ''} is nothing to trade at ${request.amount.balanceBps / 100}%.`,
      { field: 'amount' },
    );
  }
  return amount;
}

/** SOL payments to an account that does not exist must reach the rent-exempt minimum, or the chain refuses them. */
async function checkFeeRecipients(deps: SolanaQuoteDeps, feeMint: string, payments: [PublicKey, bigint][]): Promise<void> {
  if (feeMint !== WRAPPED_SOL_MINT) return;
  for (const [recipient, amount] of payments) {
    if (amount === 0n || amount >= RENT_EXEMPT_MINIMUM) continue;
    const { balance } = await deps.balances.read('SOL', recipient.toBase58());
    if (balance === 0n) {
      throw new AppError(
        'INVALID_INPUT',
        `integrator: ${recipient.toBase58()} has no SOL account yet, and its fee (${amount} lamports) is below the rent-exempt minimum that opens one. Fund the account first.`,
        { field: 'integrator' },
      );
    }
  }
}

async function feeTransfers(deps: SolanaQuoteDeps, feeMint: string, user: PublicKey, payments: [PublicKey, bigint][]): Promise<TransactionInstruction[]> {
  const instructions: TransactionInstruction[] = [];
  for (const [recipient, amount] of payments) {
    if (amount === 0n) continue;
    if (feeMint === WRAPPED_SOL_MINT) {
      instructions.push(SystemProgram.transfer({ fromPubkey: user, toPubkey: recipient, lamports: amount }));
      continue;
    }
    const info = await deps.trading.mints.info(feeMint);
    const mint = new PublicKey(feeMint);
    const source = getAssociatedTokenAddressSync(mint, user, true, info.programId);
    const target = getAssociatedTokenAddressSync(mint, recipient, true, info.programId);
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(user, target, recipient, mint, info.programId),
      createTransferCheckedInstruction(source, mint, target, user, amount, info.decimals, [], info.programId),
    );
  }
  return instructions;
}

async function loadLookupTables(chain: ConfiguredChain, addresses: string[]): Promise<AddressLookupTableAccount[]> {
  return Promise.all(
    addresses.map(async (address) => {
      const { value } = await requestChecked(chain.rpc, 'getAccountInfo', [address, { encoding: 'base64', commitment: 'confirmed' }], lookupTableSchema);
      if (!value) throw new AppError('RPC_ERROR', `The route's address lookup table ${address} is not on SOL.`);
      return new AddressLookupTableAccount({ key: new PublicKey(address), state: AddressLookupTableAccount.deserialize(Buffer.from(value.data[0], 'base64')) });
    }),
  );
}

function usd(lamports: bigint, solUsd: number): number {
  return Math.round((Number(lamports) / 10 ** SOL_DECIMALS) * solUsd * 1e6) / 1e6;
}
