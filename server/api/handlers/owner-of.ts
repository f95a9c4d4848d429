/** The owner label trades and bridge requests are recorded under: the API key, dev key or page session. */
import type { Principal } from '@/server/auth/authenticate';

export function ownerOf(principal: Principal | undefined): string {
  return principal ? `${ownerKindPrefix(principal.kind)}${principal.id}` : 'anonymous';
}

/** What every owner label of one kind starts with ("session:" for every page session). */
export function ownerKindPrefix(kind: Principal['kind']): string {
  return `${kind}:`;
}
