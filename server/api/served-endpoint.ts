/**
 * A contract endpoint with its answer: the unit the endpoint map (endpoint-map.ts) lists, and from which its
 * tRPC procedure (endpoint-procedures.ts), its REST run (endpoint-runner.ts) and its routes
 * (server/rest/api-routes.ts) are all built, so the two transports cannot drift apart.
 */
import type { z } from 'zod';
import type { Principal } from '@/server/auth/authenticate';
import type { Endpoint, EndpointMethod } from './contract/endpoint';
import { endpointInput, type RequestContext } from './trpc';

/** The context an answer gets: the principal is set on endpoints that need a caller. */
export type AuthorizedContext = RequestContext & { principal?: Principal };

export interface ServedEndpoint<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType, M extends EndpointMethod = EndpointMethod> {
  endpoint: Endpoint<I, O, M>;
  /** The input as sent: aliases rewritten, then the endpoint's schema (built once, with the map). */
  input: z.ZodType<z.output<I>>;
  /** The one domain call, and the mapping of its result to the endpoint's output. */
  answer(ctx: AuthorizedContext, input: z.output<I>): z.input<O> | Promise<z.input<O>>;
}

export function serve<I extends z.ZodObject, O extends z.ZodType, M extends EndpointMethod>(
  endpoint: Endpoint<I, O, M>,
  answer: (ctx: AuthorizedContext, input: z.output<I>) => z.input<O> | Promise<z.input<O>>,
): ServedEndpoint<I, O, M> {
  return { endpoint, input: endpointInput(endpoint), answer };
}
