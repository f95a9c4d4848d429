/**
 * The answer of every contract endpoint, by procedure, as the routers define it (`endpointRoute`): what the
 * REST runner calls. Filled when the routers load (server/api/root.ts).
 */
import type { Principal } from '@/server/auth/authenticate';
import type { Endpoint } from './contract/endpoint';
import type { RequestContext } from './trpc';

/** The context an answer gets: the principal is set on endpoints that need a caller. */
export type AuthorizedContext = RequestContext & { principal?: Principal };
export type EndpointResolver = (ctx: AuthorizedContext, input: unknown) => unknown;

const registry = new Map<string, { endpoint: Endpoint; resolve: EndpointResolver }>();

export function registerEndpoint(endpoint: Endpoint, resolve: EndpointResolver): void {
  registry.set(endpoint.procedure, { endpoint, resolve });
}

export function registeredEndpoint(procedure: string): { endpoint: Endpoint; resolve: EndpointResolver } {
  const found = registry.get(procedure);
  if (!found) throw new Error(`no answer registered for ${procedure}: are the routers loaded?`);
  return found;
}
