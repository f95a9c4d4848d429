/**
 * What a refusal from Jupiter's Swap API v1 (an HTTP 4xx other than 429) means for the request that was asked,
 * as the service's error codes. This is the one place that reads Jupiter's error text.
 *
 * Jupiter documents two body shapes. The Metis errors carry a code: `{ "error": "<message>", "errorCode":
 * "COULD_NOT_FIND_ANY_ROUTE" }` (dev.jup.ag, Swap API "Common Errors": Routing Errors and Swap Transaction
 * Composing Errors). Parameter checks and the API gateway answer `{ "error": "<message>" }` alone: `/quote`
 * refuses with 400 an invalid `inputMint` or `outputMint`, equal mints, an invalid or out-of-range `amount`,
 * insufficient liquidity and a token that is not tradable; the gateway answers 401 (an unknown API key), 403
 * (a key without access, or a firewall rule) and 404 (no such endpoint). A code is read first; without one,
 * the message is matched against what those refusals say, and a message that says none of it is read by
 * the gateway's status.
 *
 * Fields are named as the service's requests name them: the leg's input is `tokenIn`, its output `tokenOut`,
 * its amount `amount` and its slippage `slippage`, on every path that lets a refusal reach the caller.
 */
import { AppError } from '@/server/errors';

export type JupiterEndpoint = 'quote' | 'swap-instructions';

/** The request's input a refusal can blame, as the service's requests name it. */
type BlamedField = 'tokenIn' | 'tokenOut' | 'amount' | 'slippage';

/** The mints of the leg asked for: a refusal naming one of them blames that side. */
export interface RefusedLeg {
  inputMint: string;
  outputMint: string;
}

export interface JupiterRefusal {
  endpoint: JupiterEndpoint;
  status: number;
  /** Jupiter's `errorCode`, when the body carries one that looks like a code. */
  errorCode: string | undefined;
  /** Jupiter's `error` message (or the body's text), cleaned to be shown to a person; empty when there is none. */
  message: string;
  leg: RefusedLeg;
}

const noRoute = (text: string) => (): AppError => new AppError('NO_ROUTE', text);
const badInput = (field: BlamedField, text: string) => (): AppError => new AppError('INVALID_INPUT', `${field}: ${text}`, { field });
const failedBuild =
  (text: string) =>
  (refusal: JupiterRefusal): AppError =>
    new AppError('RPC_ERROR', `Jupiter could not build the swap: ${text} (${refusal.errorCode}).`);

/** Jupiter's documented error codes (Routing Errors, then Swap Transaction Composing Errors). */
const BY_ERROR_CODE: Readonly<Record<string, (refusal: JupiterRefusal) => AppError>> = {
  NO_ROUTES_FOUND: noRoute('Jupiter found no route between these tokens.'),
  COULD_NOT_FIND_ANY_ROUTE: noRoute('Jupiter could not find any route between these tokens for this amount.'),
  TOKEN_NOT_TRADABLE: (refusal) => notTradable(refusal),
  MARKET_NOT_FOUND: noRoute('Jupiter could not find a market for this trade.'),
  NOT_SUPPORTED: (refusal) => new AppError('NO_ROUTE', `Jupiter does not support this trade${refusal.message ? ` (${refusal.message})` : ''}.`),
  ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT: badInput('amount', 'is more than the liquidity Jupiter reaches can take in one route. Try a smaller amount.'),
  CIRCULAR_ARBITRAGE_IS_DISABLED: badInput('tokenOut', 'is the same token as tokenIn; Jupiter does not swap a token for itself.'),
  CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD: badInput(
    'amount',
    'Jupiter cannot work out the least output of this amount at this slippage. Check the amount and the slippage.',
  ),
  MAX_ACCOUNT_GREATER_THAN_MAX: failedBuild('the route asks for more accounts than it allows'),
  INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE: failedBuild('it was given both a compute unit price and a prioritization fee'),
  FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS: failedBuild('it could not work out the swap and its accounts'),
};

/** A refusal by Jupiter's API gateway rather than by the router: this server's configuration is at fault. */
const BY_GATEWAY_STATUS: Readonly<Record<number, (refusal: JupiterRefusal) => AppError>> = {
  401: () => new AppError('RPC_ERROR', "Jupiter refused this server's API key (HTTP 401). Check JUPITER_API_KEY."),
  403: (refusal) =>
    new AppError(
      'RPC_ERROR',
      `Jupiter refused this server access (HTTP 403${refusal.message ? `: ${refusal.message}` : ''}). Check JUPITER_API_KEY's permissions and firewall rules.`,
    ),
  404: (refusal) =>
    new AppError(
      'RPC_ERROR',
      `Jupiter has no ${refusal.endpoint} endpoint at JUPITER_API_URL (HTTP 404). It should be the Swap API v1 root, e.g. https://api.jup.ag/swap/v1.`,
    ),
};

/** What Jupiter's messages say, for refusals without a code, tried in order: the first that matches decides. */
const BY_MESSAGE: readonly { says: RegExp; error: (refusal: JupiterRefusal) => AppError | undefined }[] = [
  { says: /\bno routes? (were )?found\b|\bcould not find any route\b/i, error: noRoute('Jupiter found no route between these tokens for this amount.') },
  { says: /\bnot tradable\b|\bnot tradeable\b/i, error: (refusal) => notTradable(refusal) },
  { says: /\bmarket not found\b/i, error: noRoute('Jupiter could not find a market for this trade.') },
  {
    says: /\binsufficient liquidity\b|\bnot enough liquidity\b|\bdoes not consume all\b/i,
    error: badInput('amount', 'is more than the liquidity Jupiter reaches can take. Try a smaller amount.'),
  },
  {
    says: /\bcircular arbitrage\b|mints?\b[^.]*\b(equal|the same)\b/i,
    error: badInput('tokenOut', 'is the same token as tokenIn; Jupiter does not swap a token for itself.'),
  },
  { says: /\binputMint\b/, error: (refusal) => badInput('tokenIn', `Jupiter does not take it as a mint (${refusal.message}).`)() },
  { says: /\boutputMint\b/, error: (refusal) => badInput('tokenOut', `Jupiter does not take it as a mint (${refusal.message}).`)() },
  { says: /\b(mint|token)\b/i, error: (refusal) => unknownMint(refusal) },
  { says: /\bamount\b/i, error: (refusal) => badAmount(refusal) },
  { says: /\bslippage/i, error: (refusal) => badInput('slippage', `Jupiter does not accept it (${refusal.message}).`)() },
];

/** The service's error for a refusal: by Jupiter's code, then by what its message says, then by the gateway's status. */
export function refusalError(refusal: JupiterRefusal): AppError {
  const byCode = refusal.errorCode === undefined ? undefined : BY_ERROR_CODE[refusal.errorCode];
  if (byCode) return byCode(refusal);
  for (const { says, error } of BY_MESSAGE) {
    const found = says.test(refusal.message) ? error(refusal) : undefined;
    if (found) return found;
  }
  const byStatus = BY_GATEWAY_STATUS[refusal.status];
  if (byStatus) return byStatus(refusal);
  // Nothing the documentation describes: Jupiter refused what this server asked, which the caller cannot fix.
  const detail = [refusal.errorCode, refusal.message].filter(Boolean).join(': ');
  return new AppError('RPC_ERROR', `Jupiter refused the ${refusal.endpoint} request (HTTP ${refusal.status}${detail ? `, ${detail}` : ''}).`);
}

/** The side of the leg whose mint the message names, if it names one. */
function sideNamed(refusal: JupiterRefusal): 'tokenIn' | 'tokenOut' | undefined {
  if (refusal.message.includes(refusal.leg.inputMint)) return 'tokenIn';
  if (refusal.message.includes(refusal.leg.outputMint)) return 'tokenOut';
  return undefined;
}

function notTradable(refusal: JupiterRefusal): AppError {
  const side = sideNamed(refusal);
  const mint = side === 'tokenIn' ? refusal.leg.inputMint : refusal.leg.outputMint;
  const which = side ? `: ${side} (${mint})` : '';
  return new AppError('NO_ROUTE', `Jupiter does not trade one of these tokens${which} (it may lack liquidity or not be supported).`);
}

/** A mint Jupiter does not know: the side the message names is at fault; a message naming neither proves nothing. */
function unknownMint(refusal: JupiterRefusal): AppError | undefined {
  const side = sideNamed(refusal);
  return side && badInput(side, `Jupiter does not know this mint (${refusal.message}).`)();
}

/** Jupiter's amount refusals: below what it routes, beyond what it can parse or route, or otherwise unreadable to it. */
function badAmount(refusal: JupiterRefusal): AppError {
  const { message } = refusal;
  if (/\btoo (small|low)\b|\bzero\b|\bmust be (positive|greater)\b|\bat least\b|\bminimum\b|\bbelow\b/i.test(message)) {
    return badInput('amount', `is too small for Jupiter to route (${message}).`)();
  }
  if (/\btoo (large|big|high)\b|overflow|\bexceed|\bmaximum\b|\babove\b|\bout of range\b/i.test(message)) {
    return badInput('amount', `is too large for Jupiter (${message}).`)();
  }
  return badInput('amount', `Jupiter does not accept it (${message}).`)();
}
