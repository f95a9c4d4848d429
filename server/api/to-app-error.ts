/**
 * Turns anything thrown while serving a request into an AppError, so REST and tRPC answer with the same
 * code, status and message. Unknown errors become INTERNAL without their message (no internals leak).
 */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, TRPC_CODE_TABLE, findAppError, type AppErrorOptions, type ErrorCode } from '@/server/errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. The request id in the x-request-id header helps us find it.';

/** What tRPC's own refusals say, in the words REST uses for the same mistake. */
const TRPC_REFUSALS: Partial<Record<ErrorCode, { message: string } & Pick<AppErrorOptions, 'field'>>> = {
  INVALID_INPUT: { message: 'The request could not be read: send valid JSON or query parameters.' },
  NOT_FOUND: { message: 'No such procedure.' },
  METHOD_NOT_ALLOWED: { message: 'This method is not supported on this path.' },
  PAYLOAD_TOO_LARGE: { message: 'The request body is too large.', field: 'body' },
  UNSUPPORTED_MEDIA_TYPE: { message: 'Send the body as JSON with "Content-Type: application/json".', field: 'body' },
};

export function toAppError(error: unknown): AppError {
  const known = findAppError(error);
  if (known) return known;
  const zodError = findZodError(error);
  if (zodError) return fromZodError(zodError);
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    const code = TRPC_CODE_TABLE[error.code];
    const refusal = TRPC_REFUSALS[code];
    return new AppError(code, refusal?.message ?? `The request was refused (${error.code}).`, { field: refusal?.field, cause: error });
  }
  return new AppError('INTERNAL', INTERNAL_MESSAGE, { cause: error });
}

function findZodError(error: unknown): ZodError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof ZodError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One message naming every field at fault; `field` is the first one. */
export function fromZodError(error: ZodError): AppError {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join('.') || 'input';
    return { field, message: `${field}: ${humanize(issue)}` };
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return new AppError('INVALID_INPUT', `${issues.map((issue) => issue.message).join('; ')}${more}`, {
    field: issues[0]?.field,
    cause: error,
  });
}

function humanize(issue: ZodError['issues'][number]): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  return issue.message;
}
