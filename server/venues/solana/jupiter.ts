/**
 * The Jupiter route source: prices a leg with Jupiter's Swap API v1 (`GET /quote`) and takes the
 * instructions that perform it from `POST /swap-instructions`, so the project's builder composes the
 * transaction itself (its own compute budget, fee transfers and token accounts around Jupiter's swap).
 * A price alone (SOL's USD value) is one `GET /quote`, reused for a few seconds.
 *
 * Everything Jupiter says is validated here and every failure leaves as an AppError: a routing refusal
 * (Jupiter's `errorCode`, e.g. COULD_NOT_FIND_ANY_ROUTE) is NO_ROUTE; no answer, a timeout, HTTP 5xx or an
 * answer we cannot read is RPC_ERROR.
 */
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { isSolanaAddress } from '@/server/chains/solana/address';
import { AppError } from '@/server/errors';
import type { SolanaRoute, SolanaRouteSource, SolanaSwapLeg } from './route-source';

export interface JupiterRouteSourceOptions {
  /** Root of the Swap API v1, e.g. `https://lite-api.jup.ag/swap/v1`; `/quote` and `/swap-instructions` hang off it. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Limit of each of the two requests (quote, then swap-instructions). */
  timeoutMs?: number;
  /** Sent as `x-api-key` (JUPITER_API_KEY); Jupiter's documented host (api.jup.ag) wants one. */
  apiKey?: string;
  /** How long a price-only answer (`price`, used for SOL's USD value) is reused for the same leg. */
  priceTtlMs?: number;
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * Keyless use allows 0.5 requests a second and a quote already takes two (quote, swap-instructions): SOL's
 * USD price, asked for by every Solana quote, is read once per this long.
 */
const DEFAULT_PRICE_TTL_MS = 15_000;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

/**
 * Jupiter's routing error codes (dev.jup.ag, Swap API "Common Errors", Routing Errors): the trade cannot be
 * routed, which is the user's NO_ROUTE rather than an outage. Anything else Jupiter refuses is RPC_ERROR.
 */
const ROUTING_ERRORS: Readonly<Record<string, string>> = {
  NO_ROUTES_FOUND: 'Jupiter found no route between these tokens.',
  COULD_NOT_FIND_ANY_ROUTE: 'Jupiter could not find any route between these tokens for this amount.',
  TOKEN_NOT_TRADABLE: 'Jupiter does not trade one of these tokens (it may lack liquidity or not be supported).',
  ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT:
    'The liquidity Jupiter can reach cannot take the whole amount. Try a smaller amount.',
  MARKET_NOT_FOUND: 'Jupiter could not find a market for this trade.',
  NOT_SUPPORTED: 'Jupiter does not support this trade.',
  CIRCULAR_ARBITRAGE_IS_DISABLED: 'Jupiter cannot swap a token for itself.',
  CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD:
    'Jupiter could not work out the least output for this slippage. Check the amount and the slippage.',
};

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

/** How this source reaches Jupiter. */
interface JupiterClient {
  doFetch: typeof fetch;
  timeoutMs: number;
  root: string;
  headers: Record<string, string>;
}

export function createJupiterRouteSource(options: JupiterRouteSourceOptions): SolanaRouteSource {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const client: JupiterClient = {
    doFetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    root: options.baseUrl.replace(/\/+$/, ''),
    headers,
  };
  const priceTtlMs = options.priceTtlMs ?? DEFAULT_PRICE_TTL_MS;
  const now = options.now ?? Date.now;
  const prices = new Map<string, { amountOut: Promise<bigint>; at: number }>();
  return {
    venue: 'JUPITER',
    price(leg) {
      const key = `${leg.inputMint}:${leg.outputMint}:${leg.amountIn}:${leg.slippageBps}`;
      const at = now();
      const known = prices.get(key);
      if (known && at - known.at < priceTtlMs) return known.amountOut;
      // Every amount priced is a key of its own: stale ones go, so the map holds at most a TTL's worth.
      for (const [old, entry] of prices) if (at - entry.at >= priceTtlMs) prices.delete(old);
      const amountOut = fetchQuote(client, leg).then(({ quote }) => quote.outAmount);
      prices.set(key, { amountOut, at });
      amountOut.catch(() => prices.delete(key));
      return amountOut;
    },
    async quote(leg: SolanaSwapLeg): Promise<SolanaRoute> {
      const { quote, body } = await fetchQuote(client, leg);
      const swap = await fetchInstructions(client, body, leg.user.toBase58());
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
  const body = await call(client, 'quote', `${client.root}/quote?${query}`);
  const quote = parse('quote', quoteSchema, body);
  if (
    quote.swapMode !== 'ExactIn' ||
    quote.inputMint !== leg.inputMint ||
    quote.outputMint !== leg.outputMint ||
    quote.inAmount !== leg.amountIn
  ) {
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
  user: string,
): Promise<{ instructions: JupiterInstruction[]; addressLookupTables: string[] }> {
  // The quote goes back exactly as received: Jupiter reads fields this adapter does not model. Shared
  // accounts are Jupiter's to choose (its documentation: forcing them fails on new low-liquidity markets).
  const swapBody = await call(client, 'swap-instructions', `${client.root}/swap-instructions`, {
    quoteResponse: quoteBody,
    userPublicKey: user,
    wrapAndUnwrapSol: true,
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
  const stranger = ordered
    .flatMap((instruction) => instruction.accounts)
    .find((account) => account.isSigner && account.pubkey !== user);
  if (stranger) {
    throw new AppError('RPC_ERROR', `Jupiter's instructions ask for a signer other than the wallet (${stranger.pubkey}).`);
  }
  return { instructions: ordered, addressLookupTables: swap.addressLookupTableAddresses };
}

/** Retries of a request Jupiter limited (429), and the longest wait for one a quote can afford. */
const RATE_LIMIT_RETRIES = 2;
const MAX_RATE_LIMIT_WAIT_MS = 2_000;
/** Without a reset time in the answer, the first retry waits this long and each next one twice as long. */
const FIRST_BACKOFF_MS = 250;

/**
 * How long to wait before asking again after a 429: `Retry-After` (seconds or a date), else
 * `x-ratelimit-reset` (seconds from now, or a Unix time in seconds or milliseconds), else exponential backoff.
 */
export function rateLimitWaitMs(headers: Headers, attempt: number, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const at = Number.isFinite(seconds) ? now + seconds * 1_000 : Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN);
  if (Number.isFinite(reset) && reset >= 0) {
    if (reset > 1e12) return Math.max(0, reset - now);
    if (reset > 1e9) return Math.max(0, reset * 1_000 - now);
    return reset * 1_000;
  }
  return FIRST_BACKOFF_MS * 2 ** attempt;
}

/** GET, or POST of `json` when given; answers the parsed body of a 2xx, asking again after a short 429. */
async function call(client: JupiterClient, what: 'quote' | 'swap-instructions', url: string, json?: unknown): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const { status, text, headers } = await send(client, what, url, json);
    if (status === 429) {
      const waitMs = rateLimitWaitMs(headers, attempt);
      if (attempt < RATE_LIMIT_RETRIES && waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      const when = waitMs > 0 ? ` Try again in about ${Math.ceil(waitMs / 1_000)} s.` : ' Try again shortly.';
      throw new AppError('RPC_ERROR', `Jupiter is limiting this server's ${what} requests (HTTP 429).${when}`);
    }
    return readAnswer(what, status, text);
  }
}

async function send(client: JupiterClient, what: string, url: string, json?: unknown): Promise<{ status: number; text: string; headers: Headers }> {
  try {
    const response = await client.doFetch(url, {
      method: json === undefined ? 'GET' : 'POST',
      headers: json === undefined ? client.headers : { ...client.headers, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(client.timeoutMs),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch (error) {
    throw new AppError('RPC_ERROR', `Jupiter did not answer the ${what} request (${describe(error, client.timeoutMs)}). Try again shortly.`, {
      cause: error,
    });
  }
}

function readAnswer(what: string, status: number, text: string): unknown {
  const body = parseJson(text);
  if (status < 500) {
    const errorCode = readErrorCode(body);
    const message = errorCode === undefined ? undefined : ROUTING_ERRORS[errorCode];
    if (message !== undefined) throw new AppError('NO_ROUTE', message);
  }
  if (status >= 500) {
    throw new AppError('RPC_ERROR', `Jupiter did not answer the ${what} request (HTTP ${status}). Try again shortly.`);
  }
  if (status < 200 || status > 299) {
    const errorCode = readErrorCode(body);
    throw new AppError('RPC_ERROR', `Jupiter refused the ${what} request (HTTP ${status}${errorCode ? `, ${errorCode}` : ''}).`);
  }
  if (body === undefined) throw new AppError('RPC_ERROR', `Jupiter's ${what} answer is not JSON.`);
  return body;
}

function parse<T extends z.ZodType>(what: string, schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('RPC_ERROR', `Jupiter's ${what} answer is not in the expected shape (${where}${issue?.message ?? 'invalid'}).`);
}

function toTransactionInstruction(instruction: JupiterInstruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(instruction.programId),
    keys: instruction.accounts.map((account) => ({
      pubkey: new PublicKey(account.pubkey),
      isSigner: account.isSigner,
      isWritable: account.isWritable,
    })),
    data: Buffer.from(instruction.data, 'base64'),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readErrorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { errorCode?: unknown }).errorCode;
  // Only code-shaped text: it may end up in a message shown to a person.
  return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
