/**
 * Stateless quote ids: an HMAC-signed token carrying what execute must check, so any app instance can
 * verify a quote without storage. The payload is readable (base64url JSON); only its integrity is protected.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/server/errors';

/** Quote validity (about 30 seconds, as the API reference states). */
export const QUOTE_TTL_MS = 30_000;

export const quoteClaimsSchema = z.object({
  /** Format version of this token. */
  v: z.literal(1),
  /** Who asked for it (an opaque label, e.g. the endpoint's version), recorded with the trade. */
  channel: z.string().max(16),
  chain: z.string(),
  trader: z.string(),
  /** Expiry, ms since epoch. */
  exp: z.number().int(),
  /** keccak256 of each unsigned transaction, in the order they must be sent. */
  txs: z.array(
    z.object({
      /**
       * `pretrade` must land before everything else (a strategy token's permit); `reset` sets a USDT-style
       * allowance to 0 before `approve` can set it to max. Either goes out as v2 `extra`.
       */
      role: z.enum(['pretrade', 'reset', 'approve', 'trade']),
      hash: z.string(),
      nonce: z.number().int(),
      /** Hash of (to, value, data) alone: what track compares, since a sending wallet may change gas fields. */
      call: z.string().optional(),
    }),
  ),
  tokenIn: z.string(),
  tokenOut: z.string(),
  amountIn: z.string(),
  amountOut: z.string(),
  decimalsIn: z.number().int(),
  decimalsOut: z.number().int(),
  side: z.enum(['BUY', 'SELL']),
  /** Solana: what the venue was quoted for, so the maker's last look can compare, and the blockhash's life. */
  solana: z
    .object({
      venue: z.string(),
      venueAmountIn: z.string(),
      venueAmountOut: z.string(),
      slippageBps: z.number().int(),
      lastValidBlockHeight: z.number().int(),
    })
    .optional(),
});

export type QuoteClaims = z.infer<typeof quoteClaimsSchema>;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', `quote-id:${secret}`).update(payload).digest();
}

export function issueQuoteId(secret: string, claims: QuoteClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const NOT_FOUND = 'Quote not found - invalid requestId: the quoteId was not issued by this service. Get a fresh quote.';

/**
 * The claims of a quote id this service issued; QUOTE_NOT_FOUND when it was not (or was altered),
 * QUOTE_EXPIRED when it is past its validity.
 */
export function verifyQuoteId(secret: string, quoteId: string, now = Date.now()): QuoteClaims {
  const [payload, signature, ...rest] = quoteId.split('.');
  if (!payload || !signature || rest.length > 0) throw new AppError('QUOTE_NOT_FOUND', NOT_FOUND);
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('QUOTE_NOT_FOUND', NOT_FOUND);
  let claims: QuoteClaims;
  try {
    claims = quoteClaimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('QUOTE_NOT_FOUND', NOT_FOUND);
  }
  if (now > claims.exp) {
    throw new AppError(
      'QUOTE_EXPIRED',
      'Quote not found - invalid requestId: the quote expired (quotes are valid for about 30 seconds). Get a fresh quote and sign it unchanged.',
    );
  }
  return claims;
}
