import { describe, expect, it, vi } from 'vitest';
import { AppError, ERROR_TABLE, failureBody, findAppError } from './errors';

describe('error table', () => {
  it('gives every code an HTTP status and a tRPC code', () => {
    for (const [code, entry] of Object.entries(ERROR_TABLE)) {
      expect(entry.http, code).toBeGreaterThanOrEqual(400);
      expect(entry.trpc, code).toMatch(/^[A-Z_]+$/);
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
    expect(failureBody(refused)).toEqual({ success: false, code: 'SLIPPAGE_EXCEEDED', error: 'the price moved', status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
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
