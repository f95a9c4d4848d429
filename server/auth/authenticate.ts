/**
 * Who is calling: an API key (REST and tRPC), the dev key on the local chain world, or a signed session
 * cookie (tRPC only: the app's own pages). Everything else is UNAUTHORIZED.
 */
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@/server/errors';
import { hashApiKey } from './api-key-secret';
import type { KeyScope } from './key-scope';
import { SESSION_COOKIE, readCookie, verifySessionCookie } from './session-cookie';

export type Principal =
  | { kind: 'key'; id: string; name: string; rateLimitPerMinute: number; scope: KeyScope }
  | { kind: 'dev'; id: 'dev'; name: string; rateLimitPerMinute: number; scope: 'operator' }
  | { kind: 'session'; id: string; name: string; rateLimitPerMinute: number; scope: 'api' };

export interface AuthDeps {
  findKeyByHash(keyHash: string): Promise<{ id: string; name: string; rateLimitPerMinute: number; scope: KeyScope } | undefined>;
  /** Called after a key authenticated; the implementation decides how often to write. */
  keyUsed?(id: string): void;
  /** sha256 hex of DEV_API_KEY, present only on the local chain world. */
  devKeyHash?: string;
  devRateLimitPerMinute: number;
  sessionSecret: string;
  sessionRateLimitPerMinute: number;
}

export interface Credentials {
  authorization?: string | null;
  cookie?: string | null;
  /** Session cookies are accepted on tRPC only; REST is for API keys. */
  allowSession: boolean;
}

const BEARER = /^Bearer\s+(\S{1,512})\s*$/i;

export async function authenticate(deps: AuthDeps, credentials: Credentials): Promise<Principal> {
  if (credentials.authorization) {
    const match = BEARER.exec(credentials.authorization);
    if (!match) {
      throw new AppError('UNAUTHORIZED', 'The Authorization header must be "Bearer <API key>".');
    }
    const keyHash = hashApiKey(match[1]!);
    if (deps.devKeyHash && sameHex(keyHash, deps.devKeyHash)) {
      // An operator key: it exists only on the local chain world, where the solver's inventory is test coins
      // on local nodes and nothing is at stake, and the local tooling (the end-to-end suites, someone trying
      // the app) reads /api/metrics with it. Off the local world no dev key is accepted (devKeyHash is unset).
      return { kind: 'dev', id: 'dev', name: 'DEV_API_KEY', rateLimitPerMinute: deps.devRateLimitPerMinute, scope: 'operator' };
    }
    const key = await deps.findKeyByHash(keyHash);
    if (!key) throw new AppError('UNAUTHORIZED', 'The API key is not valid or was revoked.');
    deps.keyUsed?.(key.id);
    return { kind: 'key', id: key.id, name: key.name, rateLimitPerMinute: key.rateLimitPerMinute, scope: key.scope };
  }
  if (credentials.allowSession) {
    const session = await verifySessionCookie(deps.sessionSecret, readCookie(credentials.cookie, SESSION_COOKIE));
    if (session) {
      // The app's own pages read the interface, never the operator's routes.
      return { kind: 'session', id: session.id, name: 'session', rateLimitPerMinute: deps.sessionRateLimitPerMinute, scope: 'api' };
    }
  }
  throw new AppError('UNAUTHORIZED', 'An API key is required: send the header "Authorization: Bearer <API key>".');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
