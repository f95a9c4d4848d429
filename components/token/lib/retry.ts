import { appCodeOf } from '@/components/swap/lib/error-messages';

/** Answers that another try cannot change: the token is not there, the input is wrong, or not built yet. */
const FINAL_CODES = new Set(['NOT_FOUND', 'INVALID_INPUT', 'NOT_IMPLEMENTED', 'UNAUTHORIZED', 'RATE_LIMITED']);

/** react-query's `retry`: one more try for a failing RPC or network, none for a final answer. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  const code = appCodeOf(error);
  return failureCount < 1 && !(code && FINAL_CODES.has(code));
}
