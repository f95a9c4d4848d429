/**
 * tRPC in three parts: the context (who is calling, over which channel), the init (error shape), and the
 * procedures every router builds on (public, authenticated + rate limited, and one per endpoint contract).
 */
import { TRPCError, initTRPC } from '@trpc/server';
import { z } from 'zod';
import { authenticate, type Principal } from '@/server/auth/authenticate';
import { clientAddress, limitBucketOf } from '@/server/auth/client-address';
import type { RateLimitDecision } from '@/server/auth/rate-limiter';
import { AppError, ERROR_TABLE, findAppError } from '@/server/errors';
import type { Services } from '@/server/services';
import { checksumAddresses } from './contract/answer-addresses';
import { applyAliases, type Endpoint } from './contract/endpoint';
import { crossSiteRefusal, ownHosts } from './cross-site';
import { toAppError } from './to-app-error';

export interface RequestContext {
  services: Services;
  channel: 'rest' | 'trpc';
  requestId: string;
  headers: Headers;
  /** Whether the request came from this machine (server/auth/peer-address.ts); unknown counts as remote. */
  peer?: 'loopback' | 'remote';
  /** The socket's remote address as the server process stamped it (server/auth/peer-address.ts); unknown where nothing stamps. */
  peerAddress?: string;
  /** Set by the auth middleware. */
  principal?: Principal;
  /** Set by the rate-limit middleware, so transports can add Retry-After. */
  rateLimit?: { limit: number; remaining: number; retryAfterSeconds: number };
}

export function createContext(input: Omit<RequestContext, 'principal' | 'rateLimit'>): RequestContext {
  return { ...input };
}

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const appError = toAppError(error);
    return {
      // Addresses in the message checksummed, as in every answer (contract/answer-addresses.ts).
      message: checksumAddresses(appError.message),
      code: shape.code,
      data: {
        ...shape.data,
        code: ERROR_TABLE[appError.code].trpc,
        httpStatus: appError.httpStatus,
        appCode: appError.code,
        field: appError.field ?? null,
        retryAfterSeconds: appError.retryAfterSeconds ?? null,
        stack: undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Domain code throws AppError; tRPC would answer those as 500. This gives them their tRPC code from the
 * error table, which also sets the HTTP status of the tRPC endpoint.
 */
const withAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const appError = findAppError(result.error);
  if (!appError) return result;
  return { ...result, error: new TRPCError({ code: ERROR_TABLE[appError.code].trpc, message: appError.message, cause: appError }) };
});

export const publicProcedure = t.procedure.use(withAppErrors);

/**
 * Who calls, and may they: the key or session (sessions only over tRPC, and only from this app's own pages),
 * then the caller's rate limit, recorded on the context for the transports' headers. A request without an
 * API key is also counted against its client address, before anything else: a new session costs nothing
 * to get, so the address is what bounds a client that keeps starting sessions. Shared by the tRPC
 * middleware and the REST runner (server/api/endpoint-runner.ts).
 */
export async function authorize(ctx: RequestContext, type: 'query' | 'mutation' | 'subscription'): Promise<Principal> {
  const { config } = ctx.services;
  const byAddress = ctx.headers.get('authorization')
    ? undefined
    : await admit(
        ctx,
        `ip:${limitBucketOf(clientAddress(ctx.peerAddress, ctx.headers.get('x-forwarded-for'), config.TRUST_PROXY))}`,
        config.ANON_RATE_LIMIT_PER_MINUTE,
      );
  const principal = await authenticate(ctx.services.auth, {
    authorization: ctx.headers.get('authorization'),
    cookie: ctx.headers.get('cookie'),
    allowSession: ctx.channel === 'trpc',
  });
  if (principal.kind === 'session') {
    const refused = crossSiteRefusal(ctx.headers, type, ownHosts(ctx.headers, ctx.services.config.publicUrl));
    if (refused) throw refused;
  }
  const byCaller = await admit(ctx, `${principal.kind}:${principal.id}`, principal.rateLimitPerMinute);
  // The headers tell the caller the nearer of its two limits.
  ctx.rateLimit = byAddress && byAddress.remaining < byCaller.remaining ? byAddress : byCaller;
  return principal;
}

/** Counts the request in one bucket; RATE_LIMITED (with when to retry) once the bucket's limit is reached. */
async function admit(ctx: RequestContext, bucket: string, limitPerMinute: number): Promise<RateLimitDecision> {
  const decision = await ctx.services.rateLimiter.check(bucket, limitPerMinute);
  if (!decision.allowed) {
    ctx.rateLimit = decision;
    throw new AppError('RATE_LIMITED', `Rate limit of ${decision.limit} requests per minute reached; retry in ${decision.retryAfterSeconds} s.`, {
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  }
  return decision;
}

export const authedProcedure = publicProcedure.use(async ({ ctx, next, type }) => {
  const principal = await authorize(ctx, type);
  return next({ ctx: { ...ctx, principal } });
});

/** An endpoint's input as sent: its aliases rewritten to the canonical names, then its schema. */
export function endpointInput<I extends z.ZodObject>(endpoint: Endpoint<I>) {
  return z.preprocess((raw) => applyAliases(raw ?? {}, endpoint.aliases), endpoint.input);
}

/** The procedure for one contract endpoint, before its answer: its auth, its aliases, its input and output schemas. */
export function endpointProcedure<I extends z.ZodObject, O extends z.ZodType>(endpoint: Endpoint<I, O>) {
  const base = endpoint.auth ? authedProcedure : publicProcedure;
  return base.input(endpointInput(endpoint)).output(endpoint.output);
}
