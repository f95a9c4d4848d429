/**
 * What an API key may reach. Every key reaches the interface (`api`); an `operator` key also reaches what only
 * the people running the service should read: `/api/metrics` carries the solver's inventory per chain and
 * token, which tells anyone holding a key how large a bridge the solver could be made to pay out.
 */
import { AppError } from '@/server/errors';

export const KEY_SCOPES = ['api', 'operator'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** A key created without `--scope`: the interface only. */
export const DEFAULT_KEY_SCOPE: KeyScope = 'api';

/** The scope named by `text` (as typed on the command line), or undefined when there is none of that name. */
export function parseKeyScope(text: string): KeyScope | undefined {
  return KEY_SCOPES.find((scope) => scope === text);
}

/**
 * The scope of a stored key. The column only holds known scopes (migration 006 checks it), but a scope added
 * by a later release and read by an earlier one after a rollback must not widen anything: it reads as the
 * narrowest scope.
 */
export function storedKeyScope(text: string): KeyScope {
  return parseKeyScope(text) ?? DEFAULT_KEY_SCOPE;
}

/** How to get a key that reaches `what`, for the FORBIDDEN message (the command a person would run). */
export const OPERATOR_KEY_COMMAND = 'npm run keys -- create --scope operator --name <name>';

/** Refuses a caller without the operator scope (FORBIDDEN, 403), saying which key to use instead. */
export function requireOperator(caller: { scope: KeyScope }, what: string): void {
  if (caller.scope === 'operator') return;
  throw new AppError(
    'FORBIDDEN',
    `${what} needs an operator key; this key has the scope "${caller.scope}". Create one with \`${OPERATOR_KEY_COMMAND}\` and use it here.`,
  );
}
