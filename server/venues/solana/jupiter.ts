/**
 * The Jupiter route source: prices a leg with Jupiter's Swap API v1 (`GET /quote`) and takes the
 * instructions that perform it from `POST /swap-instructions`, so the project's builder composes the
 * transaction itself (its own compute budget, fee transfers and token accounts around Jupiter's swap).
 * A price alone (SOL's USD value) is one `GET /quote`, reused for a few seconds.
 *
 * Everything Jupiter says is validated here and every failure leaves as an AppError (jupiter-http.ts): a
 * refusal means what Jupiter documents it to mean (jupiter-refusals.ts: NO_ROUTE, or INVALID_INPUT naming
 * the field); a host that cannot be reached is CHAIN_UNAVAILABLE; a 5xx or an answer we cannot read is
 * RPC_ERROR. The answers' schemas hold the fields the adapter reads and let every other field through.
 */
import { AccountRole, address as toAddress, type Instruction } from '@solana/kit';
import { z } from 'zod';
import { boundedCache, rememberPromise } from '@/server/cache/bounded-cache';
import { isSolanaAddress } from '@/server/chains/solana/address';
import { AppError } from '@/server/errors';
import { callJupiter, createJupiterClient, type JupiterClient, type JupiterClientOptions } from './jupiter-http';
import type { SolanaRoute, SolanaRouteSource, SolanaSwapLeg } from './route-source';

export interface JupiterRouteSourceOptions extends JupiterClientOptions {
  /** How long a price-only answer (`price`, used for SOL's USD value) is reused for the same leg. */
  priceTtlMs?: number;
  now?: () => number;
}

/**
 * Keyless use allows 0.5 requests a second and a quote already takes two (quote, swap-instructions): SOL's
 * USD price, asked for by every Solana quote, is read once per this long.
 */
const DEFAULT_PRICE_TTL_MS = 15_000;
/** Priced legs kept at most (each amount is a key of its own). */
const JUPITER_PRICE_ENTRIES = 1_000;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

const address = z.string().refine(isSolanaAddress, 'not a Solana address');
/** u64 raw units as decimal text. */
const rawAmount = z
  .string()
  .regex(/^\d{1,20}$/, 'not a raw amount')
  .transform((text) => BigInt(text))
  .refine((value) => value < 2n ** 64n, 'larger than u64');

const instructionSchema = z.object({
  programId: address,
  accounts: z.array(z.object({ pubkey: address, isSigner: z.boolean(), isWritable: z.boolean() })),
  data: z.base64(),
});
type JupiterInstruction = z.infer<typeof instructionSchema>;

/** `GET /quote` (QuoteResponse); fields we do not read pass through untouched in the raw body we send back. */
const quoteSchema = z.object({
  inputMint: address,
  inAmount: rawAmount,
  outputMint: address,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: z.enum(['ExactIn', 'ExactOut']),
  slippageBps: z.number().int().min(0).max(10_000),
  priceImpactPct: z.string().refine((text) => text.trim() !== '' && Number.isFinite(Number(text)), 'not a number'),
  routePlan: z
    .array(
      z.object({
        swapInfo: z.object({ ammKey: address, label: z.string().optional(), inputMint: address, outputMint: address }),
        percent: z.number().nullish(),
      }),
    )
    .min(1),
});

/** `POST /swap-instructions` (SwapInstructionsResponse). */
const swapInstructionsSchema = z.object({
  computeBudgetInstructions: z.array(instructionSchema),
  setupInstructions: z.array(instructionSchema),
  swapInstruction: instructionSchema,
  cleanupInstruction: instructionSchema.nullish(),
  otherInstructions: z.array(instructionSchema).optional(),
  addressLookupTableAddresses: z.array(address),
});

export function createJupiterRouteSource(options: JupiterRouteSourceOptions): SolanaRouteSource {
  const client = createJupiterClient(options);
  const priceTtlMs = options.priceTtlMs ?? DEFAULT_PRICE_TTL_MS;
  // Every amount priced is a key of its own: stale ones are not served, and the least recently used make way.
  const prices = boundedCache<string, Promise<bigint>>({ name: 'jupiter prices', max: JUPITER_PRICE_ENTRIES, ttlMs: priceTtlMs, now: options.now });
  return {
    venue: 'JUPITER',
    price(leg) {
      const key = `${leg.inputMint}:${leg.outputMint}:${leg.amountIn}:${leg.slippageBps}`;
      return rememberPromise(prices, key, () => fetchQuote(client, leg).then(({ quote }) => quote.outAmount));
    },
    async quote(leg: SolanaSwapLeg): Promise<SolanaRoute> {
      const { quote, body } = await fetchQuote(client, leg);
      const swap = await fetchInstructions(client, body, leg);
      return {
        venue: 'JUPITER',
        amountOut: quote.outAmount,
        minAmountOut: quote.otherAmountThreshold,
        priceImpactPercent: Number(quote.priceImpactPct) * 100,
        instructions: swap.instructions.map(toTransactionInstruction),
        addressLookupTables: swap.addressLookupTables,
      };
    },
  };
}

/** `GET /quote`: Jupiter's price for the leg, checked to be the trade asked for; `body` is the answer as received. */
async function fetchQuote(client: JupiterClient, leg: Omit<SolanaSwapLeg, 'user'>): Promise<{ quote: z.output<typeof quoteSchema>; body: unknown }> {
  const query = new URLSearchParams({
    inputMint: leg.inputMint,
    outputMint: leg.outputMint,
    amount: leg.amountIn.toString(),
    slippageBps: String(leg.slippageBps),
    swapMode: 'ExactIn',
  });
  if (leg.maxAccounts !== undefined) query.set('maxAccounts', String(leg.maxAccounts));
  const body = await callJupiter(client, { endpoint: 'quote', query, leg });
  const quote = parse('quote', quoteSchema, body);
  if (quote.swapMode !== 'ExactIn' || quote.inputMint !== leg.inputMint || quote.outputMint !== leg.outputMint || quote.inAmount !== leg.amountIn) {
    throw new AppError('RPC_ERROR', 'Jupiter quoted a different trade than the one asked for.');
  }
  if (quote.otherAmountThreshold > quote.outAmount) {
    throw new AppError('RPC_ERROR', "Jupiter's quote promises a minimum above its own output.");
  }
  return { quote, body };
}

/** `POST /swap-instructions`: the instructions that perform the quoted swap for `user`, in the order they run. */
async function fetchInstructions(
  client: JupiterClient,
  quoteBody: unknown,
  leg: SolanaSwapLeg,
): Promise<{ instructions: JupiterInstruction[]; addressLookupTables: string[] }> {
  const user = leg.user;
  // The quote goes back exactly as received: Jupiter reads fields this adapter does not model (a Dynamic
  // Swap step's `details`, for one). Shared accounts are Jupiter's to choose (its documentation: forcing
  // them fails on new low-liquidity markets).
  const swapBody = await callJupiter(client, {
    endpoint: 'swap-instructions',
    json: { quoteResponse: quoteBody, userPublicKey: user, wrapAndUnwrapSol: true },
    leg,
  });
  const swap = parse('swap-instructions', swapInstructionsSchema, swapBody);

  // Jupiter's compute budget is dropped: the builder sets its own limit and price per priority level, and
  // a transaction holding two SetComputeUnitLimit instructions fails. Documented order: setup, swap, cleanup;
  // `otherInstructions` (tips, only when asked for) go last.
  const ordered = [
    ...swap.setupInstructions,
    swap.swapInstruction,
    ...(swap.cleanupInstruction ? [swap.cleanupInstruction] : []),
    ...(swap.otherInstructions ?? []),
  ].filter((instruction) => instruction.programId !== COMPUTE_BUDGET_PROGRAM);

  // The wallet is the only one who signs the trade; an instruction wanting another signer could never be sent.
  const stranger = ordered.flatMap((instruction) => instruction.accounts).find((account) => account.isSigner && account.pubkey !== user);
  if (stranger) {
    throw new AppError('RPC_ERROR', `Jupiter's instructions ask for a signer other than the wallet (${stranger.pubkey}).`);
  }
  return { instructions: ordered, addressLookupTables: swap.addressLookupTableAddresses };
}

function parse<T extends z.ZodType>(what: string, schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('RPC_ERROR', `Jupiter's ${what} answer is not in the expected shape (${where}${issue?.message ?? 'invalid'}).`);
}

function toTransactionInstruction(instruction: JupiterInstruction): Instruction {
  return {
    programAddress: toAddress(instruction.programId),
    accounts: instruction.accounts.map((account) => ({ address: toAddress(account.pubkey), role: roleOf(account) })),
    data: Uint8Array.from(Buffer.from(instruction.data, 'base64')),
  };
}

function roleOf({ isSigner, isWritable }: { isSigner: boolean; isWritable: boolean }): AccountRole {
  if (isSigner) return isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return isWritable ? AccountRole.WRITABLE : AccountRole.READONLY;
}
