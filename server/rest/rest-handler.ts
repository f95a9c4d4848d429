/**
 * REST routes serve the contract endpoints over plain HTTP: parse the query or JSON body, run the endpoint as
 * its tRPC procedure runs (server/api/endpoint-runner.ts: the same key, rate limit, schemas and answer), and
 * answer with its result or a failure from the error table.
 */
import { AppError } from '@/server/errors';
import { endpointFor, type EndpointProcedure } from '@/server/api/contract';
import { runEndpoint } from '@/server/api/endpoint-runner';
import { createContext } from '@/server/api/trpc';
import { failureResponse, jsonResponse, queryObject, readJsonBody, serveHttp } from './http';
import { peerAddressOf, peerOf } from '@/server/auth/peer-address';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function restHandler(procedure: EndpointProcedure): RouteHandler {
  const endpoint = endpointFor(procedure);
  const route = endpoint.paths[0]!;
  return (request, routeContext) =>
    serveHttp(request, route, async ({ services, requestId }) => {
      const params = (await routeContext.params) ?? {};
      const fromRequest = endpoint.method === 'GET' ? queryObject(new URL(request.url)) : await readJsonBody(request);
      // Path parameters win over same-named query or body fields.
      const raw = { ...(fromRequest as Record<string, unknown>), ...params };
      const context = createContext({ services, channel: 'rest', requestId, headers: request.headers, peer: peerOf(request.headers), peerAddress: peerAddressOf(request.headers) });
      const result = await runEndpoint(procedure, context, raw);
      // Authorization records the caller's rate-limit window on the context.
      return jsonResponse(result, 200, context.rateLimit ? {
        'x-ratelimit-limit': String(context.rateLimit.limit),
        'x-ratelimit-remaining': String(context.rateLimit.remaining),
      } : {});
    });
}

/** A handler for the methods a path does not serve: a JSON 405 naming the one it does. */
export function methodNotAllowed(procedure: EndpointProcedure): RouteHandler {
  const endpoint = endpointFor(procedure);
  return (request) =>
    serveHttp(request, endpoint.paths[0]!, async () =>
      failureResponse(new AppError('METHOD_NOT_ALLOWED', `${request.method} is not supported here; use ${endpoint.method}.`), {
        allow: endpoint.method,
      }));
}

/** Every HTTP method Next.js routes; a route file exports the endpoint's method and 405s for the rest. */
export function restRoute(procedure: EndpointProcedure) {
  const endpoint = endpointFor(procedure);
  const serve = restHandler(procedure);
  const refuse = methodNotAllowed(procedure);
  const pick = (method: string) => (endpoint.method === method ? serve : refuse);
  return { GET: pick('GET'), POST: pick('POST'), PUT: refuse, PATCH: refuse, DELETE: refuse };
}
