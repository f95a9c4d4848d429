/**
 * How many new sessions one client address may start per hour (SESSIONS_PER_IP_PER_HOUR). Sessions are
 * handed out by the request proxy on page loads (proxy.ts), which Next.js builds on its own, apart from the
 * services: the running app installs its gate here once its services are up (instrumentation.ts), and the
 * proxy asks it before starting a session. Past the bound a page load gets no new session; that client's
 * requests then carry none and are limited by their address alone.
 */
import { peerAddressOf } from './peer-address';
import { clientAddress, limitBucketOf } from './client-address';
import type { RateLimiter } from './rate-limiter';

/** Says whether the request may start a new session (counting it when it may). */
export type SessionGate = (headers: Headers) => Promise<boolean>;

export const SESSION_WINDOW_MS = 3_600_000;

const GATE = Symbol.for('swapbridge.sessionGate');
type GlobalWithGate = typeof globalThis & { [GATE]?: SessionGate };

export interface SessionGateDeps {
  rateLimiter: Pick<RateLimiter, 'check'>;
  sessionsPerHour: number;
  trustedProxyHops: number;
}

export function createSessionGate(deps: SessionGateDeps): SessionGate {
  return async (headers) => {
    const address = clientAddress(peerAddressOf(headers), headers.get('x-forwarded-for'), deps.trustedProxyHops);
    const decision = await deps.rateLimiter.check(`sessions:${limitBucketOf(address)}`, deps.sessionsPerHour, SESSION_WINDOW_MS);
    return decision.allowed;
  };
}

export function installSessionGate(gate: SessionGate): void {
  (globalThis as GlobalWithGate)[GATE] = gate;
}

/**
 * Whether a page load may start a session: yes before a gate is installed (the services still starting), and
 * when the count cannot be read (the store down), since the per-address request limit still holds then.
 */
export async function mayStartSession(headers: Headers): Promise<boolean> {
  const gate = (globalThis as GlobalWithGate)[GATE];
  if (!gate) return true;
  return gate(headers).catch(() => true);
}
