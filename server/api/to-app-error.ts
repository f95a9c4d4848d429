/**
 * Turns anything thrown while serving a request into an AppError, so REST and tRPC answer with the same
 * code, status and message. Unknown errors become INTERNAL without their message (no internals leak).
 */
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, findAppError } from '@/server/errors';

export function toAppError(error: unknown): AppError {
  const known = findAppError(error);
  if (known) return known;
  const zodError = findZodError(error);
  if (zodError) return fromZodError(zodError);
  if (error instanceof TRPCError) {
    switch (error.code) {
      case 'PARSE_ERROR':
      case 'BAD_REQUEST':
        return new AppError('INVALID_INPUT', 'The request could not be read: send valid JSON or query parameters.', { cause: error });
      case 'NOT_FOUND':
        return new AppError('NOT_FOUND', 'No such procedure.', { cause: error });
      case 'METHOD_NOT_SUPPORTED':
        return new AppError('METHOD_NOT_ALLOWED', 'This method is not supported on this path.', { cause: error });
      case 'PAYLOAD_TOO_LARGE':
        return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.', { cause: error });
      default:
        break;
    }
  }
  return new AppError('INTERNAL', 'Something went wrong on our side. The request id in the x-request-id header helps us find it.', { cause: error });
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
