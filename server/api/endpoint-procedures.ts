/**
 * The tRPC procedures of a group of the endpoint map (endpoint-map.ts): a GET endpoint is a query, a POST one
 * a mutation, each with the endpoint's auth, aliases, input and output schemas, and its answer.
 */
import type { z } from 'zod';
import type { AuthorizedContext, ServedEndpoint } from './served-endpoint';
import { endpointProcedure } from './trpc';

function queryOf<I extends z.ZodObject, O extends z.ZodType>(served: ServedEndpoint<I, O>) {
  return endpointProcedure(served.endpoint).query((opts) => served.answer(opts.ctx as AuthorizedContext, opts.input as z.output<I>) as never);
}

function mutationOf<I extends z.ZodObject, O extends z.ZodType>(served: ServedEndpoint<I, O>) {
  return endpointProcedure(served.endpoint).mutation((opts) => served.answer(opts.ctx as AuthorizedContext, opts.input as z.output<I>) as never);
}

// tRPC cannot follow the generics into the resolver; the procedures' types still come from the schemas.
type ProcedureOf<S> =
  S extends ServedEndpoint<infer I, infer O, 'GET'>
    ? ReturnType<typeof queryOf<I, O>>
    : S extends ServedEndpoint<infer I, infer O, 'POST'>
      ? ReturnType<typeof mutationOf<I, O>>
      : never;

export function proceduresOf<G extends Readonly<Record<string, ServedEndpoint>>>(group: G): { [K in keyof G]: ProcedureOf<G[K]> } {
  const procedures = Object.entries(group).map(([name, served]) => [name, served.endpoint.method === 'GET' ? queryOf(served) : mutationOf(served)]);
  return Object.fromEntries(procedures) as { [K in keyof G]: ProcedureOf<G[K]> };
}
