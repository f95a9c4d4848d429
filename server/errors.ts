/**
 * Domain errors and the one table that maps their codes to HTTP statuses and tRPC codes, and back: every
 * tRPC code (raised by tRPC itself, around our procedures) to the code it is answered with.
 * Callers match errors by `code`, never by message text.
 */
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

export const ERROR_TABLE = {
  INVALID_INPUT: { http: 400, trpc: 'BAD_REQUEST' },
  TX_MISMATCH: { http: 400, trpc: 'BAD_REQUEST' },
  INVALID_SIGNATURE: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  /** A call carried by the page session cookie that did not come from the app's own pages. */
  CROSS_SITE_REQUEST: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  QUOTE_NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  METHOD_NOT_ALLOWED: { http: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  QUOTE_EXPIRED: { http: 409, trpc: 'CONFLICT' },
  NONCE_TOO_LOW: { http: 409, trpc: 'CONFLICT' },
  NONCE_ALREADY_USED: { http: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  SIMULATION_FAILED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  NO_ROUTE: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  INSUFFICIENT_LIQUIDITY: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  INSUFFICIENT_BALANCE: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  INSUFFICIENT_FUNDS_FOR_GAS: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  APPROVAL_REQUIRED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  TRANSFER_BLOCKED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  RISKY_TOKEN: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  /** A bridge beyond the solver's exposure limits (one bridge, or what it owes on a chain at once). */
  LIMIT_EXCEEDED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  SLIPPAGE_EXCEEDED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  REVERTED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  RATE_LIMITED: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  NOT_IMPLEMENTED: { http: 501, trpc: 'NOT_IMPLEMENTED' },
  RPC_ERROR: { http: 502, trpc: 'BAD_GATEWAY' },
  CHAIN_UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
  RPC_UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
  /** The server is stopping (SIGTERM): a new request is refused while the ones in hand finish. */
  SHUTTING_DOWN: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
  TIMEOUT: { http: 504, trpc: 'TIMEOUT' },
} as const satisfies Record<string, { http: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/**
 * What a failure tRPC raises itself answers with. tRPC raises only some of these (unreadable input, no such
 * procedure, a wrong method or content type); the others map to the nearest code so that no tRPC code falls
 * through to a 500 that hides a client's mistake. Typed as a full record: a tRPC upgrade that adds a code
 * fails to compile until it has a row here.
 */
export const TRPC_CODE_TABLE = {
  PARSE_ERROR: 'INVALID_INPUT',
  BAD_REQUEST: 'INVALID_INPUT',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PAYMENT_REQUIRED: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  TIMEOUT: 'TIMEOUT',
  CONFLICT: 'INVALID_INPUT',
  PRECONDITION_FAILED: 'INVALID_INPUT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_CONTENT: 'INVALID_INPUT',
  PRECONDITION_REQUIRED: 'INVALID_INPUT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  CLIENT_CLOSED_REQUEST: 'INVALID_INPUT',
  INTERNAL_SERVER_ERROR: 'INTERNAL',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  BAD_GATEWAY: 'RPC_ERROR',
  SERVICE_UNAVAILABLE: 'RPC_UNAVAILABLE',
  GATEWAY_TIMEOUT: 'TIMEOUT',
} as const satisfies Record<TRPC_ERROR_CODE_KEY, ErrorCode>;

export interface AppErrorOptions {
  /** The input field at fault, for INVALID_INPUT (dotted path, e.g. `amount`). */
  field?: string;
  /** Seconds the client should wait, for RATE_LIMITED. */
  retryAfterSeconds?: number;
  /** A trade failure: the REST body says `status: FAILED` and repeats the code as `parsedError` (the v2 execute convention). */
  tradeFailure?: boolean;
  cause?: unknown;
}

/**
 * Marks an AppError made by any copy of this module. Next.js bundles each route apart, so one process can
 * hold several copies; the services are built once (by whichever route came first) and their errors reach
 * the other routes' copies, where a plain `instanceof` would not know them.
 */
const APP_ERROR_BRAND = Symbol.for('swapbridge.AppError');

export class AppError extends Error {
  static [Symbol.hasInstance](value: unknown): value is AppError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[APP_ERROR_BRAND] === true;
  }

  override readonly name = 'AppError';
  readonly [APP_ERROR_BRAND] = true;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  readonly tradeFailure: boolean;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.tradeFailure = options.tradeFailure ?? false;
  }

  get httpStatus(): number {
    return ERROR_TABLE[this.code].http;
  }
}

/** Walks an error's cause chain and returns the first AppError in it. */
export function findAppError(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The REST failure body (README, "API overview"). */
export interface FailureBody {
  success: false;
  code: ErrorCode;
  error: string;
  field?: string;
  /** Trade failures: `FAILED`, as the v2 execute result says it (interface section 7). */
  status?: 'FAILED';
  parsedError?: ErrorCode;
}

export function failureBody(error: AppError): FailureBody {
  return {
    success: false,
    code: error.code,
    error: error.message,
    ...(error.field ? { field: error.field } : {}),
    ...(error.tradeFailure ? { status: 'FAILED' as const, parsedError: error.code } : {}),
  };
}
