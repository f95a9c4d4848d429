/** The owner label trades and bridge requests are recorded under: the API key, dev key or page session. */
import type { Principal } from '@/server/auth/authenticate';

export function ownerOf(principal: Principal | undefined): string {
  return principal ? `${principal.kind}:${principal.id}` : 'anonymous';
}
