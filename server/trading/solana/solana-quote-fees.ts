/**
 * The route priced with the protocol and integrator fees around it: on the SOL side when there is one, else on
 * the input mint. Output-side fees leave the user's wallet right after the venue paid it, in the same transaction.
 */
import { address, type Address, type Instruction } from '@solana/kit';
import type { BalanceReader } from '@/server/balances/balance-reader';
import { solTransfer, tokenTransfer } from '@/server/chains/solana/token-instructions';
import { AppError } from '@/server/errors';
import { SOL_SENTINEL, WRAPPED_SOL_MINT, type SolanaRoute } from '@/server/venues/solana/route-source';
import { mintOf, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { splitAmount } from '@/server/fees/fee-model';
import type { SwapRequest } from '../swap-types';

/** Where the fees are priced and checked: the route source, the mints, the recipients' balances. */
export interface FeeSources {
  trading: SolanaTrading;
  balances: BalanceReader;
}

/** Rent-exempt minimum of an empty system account: smaller SOL payments to an empty account fail. */
const RENT_EXEMPT_MINIMUM = 890_880n;

export type AmountSplit = ReturnType<typeof splitAmount>;

/** The venue's route with the fees around it. */
export interface PricedRoute {
  route: SolanaRoute;
  /** What the venue gets (`net`) after input-side fees; no fees when they are taken from the output. */
  inputFees: AmountSplit;
  /** What the user keeps (`net`) after output-side fees; no fees when they were taken from the input. */
  outputFees: AmountSplit;
  /** The side that pays. */
  fees: AmountSplit;
  /** The transaction's instructions after the compute budget: input-side fees, the venue's, output-side fees. */
  body: Instruction[];
}

/** The venue's route for the input less its fees (or all of it, when the fees come from the output), with the fee transfers placed around its instructions. */
export async function priceWithFees(deps: FeeSources, request: SwapRequest, user: Address, amountIn: bigint, maxAccounts?: number): Promise<PricedRoute> {
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
  const payments: [Address, bigint][] = [
    [deps.trading.feeCollector, fees.protocolFee],
    [address(request.integrator), fees.integratorFee],
  ];
  await checkFeeRecipients(deps, feeMint, payments);
  const feeInstructions = await feeTransfers(deps, feeMint, user, payments);
  const body = [...(feeOnOutput ? [] : feeInstructions), ...route.instructions, ...(feeOnOutput ? feeInstructions : [])];
  return { route, inputFees, outputFees, fees, body };
}

/** SOL payments to an account that does not exist must reach the rent-exempt minimum, or the chain refuses them. */
async function checkFeeRecipients(deps: FeeSources, feeMint: string, payments: [Address, bigint][]): Promise<void> {
  if (feeMint !== WRAPPED_SOL_MINT) return;
  for (const [recipient, amount] of payments) {
    if (amount === 0n || amount >= RENT_EXEMPT_MINIMUM) continue;
    const { balance } = await deps.balances.read('SOL', recipient);
    if (balance === 0n) {
      throw new AppError(
        'INVALID_INPUT',
        `integrator: ${recipient} has no SOL account yet, and its fee (${amount} lamports) is below the rent-exempt minimum that opens one. Fund the account first.`,
        { field: 'integrator' },
      );
    }
  }
}

async function feeTransfers(deps: FeeSources, feeMint: string, user: Address, payments: [Address, bigint][]): Promise<Instruction[]> {
  const instructions: Instruction[] = [];
  for (const [recipient, amount] of payments) {
    if (amount === 0n) continue;
    if (feeMint === WRAPPED_SOL_MINT) {
      instructions.push(solTransfer(user, recipient, amount));
      continue;
    }
    const info = await deps.trading.mints.info(feeMint);
    instructions.push(
      ...(await tokenTransfer({ payer: user, from: user, to: recipient, mint: feeMint, decimals: info.decimals, amount, tokenProgram: info.programId })),
    );
  }
  return instructions;
}
