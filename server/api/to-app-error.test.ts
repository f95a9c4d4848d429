import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { toAppError } from './to-app-error';

const TRPC_CODES = Object.keys(TRPC_ERROR_CODES_BY_KEY) as TRPC_ERROR_CODE_KEY[];
/** The failures tRPC raises itself around our procedures (unreadable input, no such procedure, wrong method or body). */
const RAISED_BY_TRPC: readonly TRPC_ERROR_CODE_KEY[] = [
  'PARSE_ERROR',
  'BAD_REQUEST',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

describe('toAppError of a bare tRPC error', () => {
  it.each(TRPC_CODES.filter((code) => code !== 'INTERNAL_SERVER_ERROR'))('%s is not answered as a 500', (code) => {
    const appError = toAppError(new TRPCError({ code, message: 'from tRPC' }));
    expect(appError.code).not.toBe('INTERNAL');
    expect(appError.httpStatus).not.toBe(500);
  });

  it.each(RAISED_BY_TRPC)('%s keeps the status tRPC gives it', (code) => {
    const error = new TRPCError({ code });
    expect(toAppError(error).httpStatus).toBe(getHTTPStatusCodeFromError(error));
  });

  it('answers a body tRPC cannot read as 415 naming the body, as REST does', () => {
    const appError = toAppError(new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content-type "text/plain' }));
    expect(appError).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'body', httpStatus: 415 });
    expect(appError.message).toContain('application/json');
  });

  it('keeps an AppError found in the cause chain, and hides an unknown error behind INTERNAL', () => {
    const known = new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1048576 bytes.', { field: 'body' });
    expect(toAppError(new TRPCError({ code: 'PAYLOAD_TOO_LARGE', cause: known }))).toBe(known);
    const hidden = toAppError(new Error('connection string postgres://user:pw@host'));
    expect(hidden.code).toBe('INTERNAL');
    expect(hidden.message).not.toContain('postgres');
  });
});
