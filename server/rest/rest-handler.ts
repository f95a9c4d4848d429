/**
 * REST routes serve the endpoints of the endpoint map (server/api/endpoint-map.ts) over plain HTTP: parse the
 * query or JSON body, run the endpoint as its tRPC procedure runs (server/api/endpoint-runner.ts: the same
 * key, rate limit, schemas and answer), and answer with its result or a failure from the error table.
 */
import { AppError } from '@/server/errors';
import { runServedEndpoint } from '@/server/api/endpoint-runner';
import type { ServedEndpoint } from '@/server/api/served-endpoint';
import { createContext } from '@/server/api/trpc';
import { failureResponse, jsonResponse, queryObject, readJsonBody, serveHttp } from './http';
import { peerAddressOf, peerOf } from '@/server/auth/peer-address';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function restHandler(served: ServedEndpoint): RouteHandler {
  const { endpoint } = served;
  const route = endpoint.paths[0]!;
  return (request, routeContext) =>
    serveHttp(request, route, async ({ services, requestId }) => {
      const params = (await routeContext.params) ?? {};
      const fromRequest = endpoint.method === 'GET' ? queryObject(new URL(request.url)) : await readJsonBody(request);
      // Path parameters win over same-named query or body fields.
      const raw = { ...(fromRequest as Record<string, unknown>), ...params };
      const context = createContext({
        services,
        channel: 'rest',
        requestId,
        headers: request.headers,
        peer: peerOf(request.headers),
        peerAddress: peerAddressOf(request.headers),
      });
      const result = await runServedEndpoint(served, context, raw);
      // Authorization records the caller's rate-limit window on the context.
      return jsonResponse(
        result,
        200,
        context.rateLimit
          ? {
              'x-ratelimit-limit': String(context.rateLimit.limit),
              'x-ratelimit-remaining': String(context.rateLimit.remaining),
            }
          : {},
      );
    });
}

/** A handler for the methods a path does not serve: a JSON 405 naming the one it does. */
export function methodNotAllowed({ endpoint }: ServedEndpoint): RouteHandler {
  return (request) =>
    serveHttp(request, endpoint.paths[0]!, async () =>
      failureResponse(new AppError('METHOD_NOT_ALLOWED', `${request.method} is not supported here; use ${endpoint.method}.`), {
        allow: endpoint.method,
      }),
    );
}

/** The handlers of an endpoint's paths for every method the route table routes: its own method, and 405s for the rest. */
export function restRoute(served: ServedEndpoint) {
  const serve = restHandler(served);
  const refuse = methodNotAllowed(served);
  const pick = (method: string) => (served.endpoint.method === method ? serve : refuse);
  return { GET: pick('GET'), POST: pick('POST'), PUT: refuse, PATCH: refuse, DELETE: refuse };
}
