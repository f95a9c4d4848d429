import { describe, expect, it, vi } from 'vitest';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { AppError, ERROR_TABLE, TRPC_CODE_TABLE, failureBody, findAppError } from './errors';

describe('error table', () => {
  it('gives every code an HTTP status and a tRPC code', () => {
    for (const [code, entry] of Object.entries(ERROR_TABLE)) {
      expect(entry.http, code).toBeGreaterThanOrEqual(400);
      expect(entry.trpc, code).toMatch(/^[A-Z_]+$/);
    }
  });

  it('answers every tRPC code with a code of the table, and only an internal error with a 500', () => {
    expect(Object.keys(TRPC_CODE_TABLE).sort()).toEqual(Object.keys(TRPC_ERROR_CODES_BY_KEY).sort());
    for (const [trpcCode, code] of Object.entries(TRPC_CODE_TABLE)) {
      expect(ERROR_TABLE[code], trpcCode).toBeDefined();
      expect(ERROR_TABLE[code].http === 500, trpcCode).toBe(trpcCode === 'INTERNAL_SERVER_ERROR');
    }
  });

  it('builds the REST failure body and finds AppErrors in a cause chain', () => {
    const error = new AppError('INVALID_INPUT', 'amount: is required', { field: 'amount' });
    expect(failureBody(error)).toEqual({ success: false, code: 'INVALID_INPUT', error: 'amount: is required', field: 'amount' });
    expect(findAppError(new Error('outer', { cause: new Error('mid', { cause: error }) }))).toBe(error);
    expect(findAppError(new Error('plain'))).toBeUndefined();
  });

  it('says FAILED beside parsedError when a trade is refused (interface section 7)', () => {
    const refused = new AppError('SLIPPAGE_EXCEEDED', 'the price moved', { tradeFailure: true });
    expect(failureBody(refused)).toEqual({
      success: false,
      code: 'SLIPPAGE_EXCEEDED',
      error: 'the price moved',
      status: 'FAILED',
      parsedError: 'SLIPPAGE_EXCEEDED',
    });
  });

  it('recognises AppErrors made by another copy of this module (Next.js bundles routes apart)', async () => {
    vi.resetModules();
    const copy = await import('./errors');
    expect(copy.AppError).not.toBe(AppError);
    const foreign = new copy.AppError('NOT_FOUND', 'no token contract at 0x11 on BASE');
    expect(foreign instanceof AppError).toBe(true);
    expect(findAppError(new Error('wrapped', { cause: foreign }))).toBe(foreign);
    expect(findAppError(foreign)?.httpStatus).toBe(404);
    expect(new Error('plain') instanceof AppError).toBe(false);
    expect({ code: 'NOT_FOUND' } instanceof AppError).toBe(false);
  });
});
