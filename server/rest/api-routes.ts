/**
 * The API's route table, derived from the endpoint map (server/api/endpoint-map.ts) plus the operational
 * routes beside it. Both servers dispatch with it: the production server without Next's router in front (see
 * `server/http/app-server.ts`), and Next (`next dev`) through its one catch-all route file, `app/api/[...path]/route.ts`.
 */
import { SERVED_ENDPOINTS, servedEndpoint } from '@/server/api/endpoint-map';
import { restRoute } from '@/server/rest/rest-handler';
import { serveHealth, serveLiveness } from '@/server/rest/health-routes';
import { serveMetrics, serveOpenApi, serveUnknownApiPath } from '@/server/rest/operational-routes';
import { serveTrpc } from '@/server/rest/trpc-handler';
import { AppError } from '@/server/errors';
import { failureResponse, serveHttp } from '@/server/rest/http';

export type RouteParams = Record<string, string>;
export type ApiHandler = (request: Request, context: { params: Promise<RouteParams> }) => Promise<Response>;
type MethodHandlers = Partial<Record<string, ApiHandler>>;

interface Route {
  pattern: RegExp;
  names: string[];
  handlers: MethodHandlers;
}

/** `/api/v1/bridge/status/{requestId}` as a regex with one capture per parameter. */
function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split('/')
    .map((part) => {
      const parameter = /^\{(\w+)\}$/.exec(part);
      if (!parameter) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(parameter[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

function buildRoutes(): readonly Route[] {
  // Health's GET answers 503 when this instance cannot serve (first match wins over its contract route).
  const routes: Route[] = [
    { pattern: /^\/api\/health\/?$/, names: [], handlers: { ...restRoute(servedEndpoint('system.health')), GET: (request) => serveHealth(request) } },
    { pattern: /^\/api\/health\/live\/?$/, names: [], handlers: { GET: () => serveLiveness() } },
  ];
  for (const served of SERVED_ENDPOINTS) {
    const handlers = restRoute(served) as MethodHandlers;
    for (const path of served.endpoint.paths) routes.push({ ...compile(path), handlers });
  }
  const only = (method: string, handler: ApiHandler): MethodHandlers => ({ [method]: handler });
  routes.push({ pattern: /^\/api\/trpc\/[^/]+\/?$/, names: [], handlers: { GET: (request) => serveTrpc(request), POST: (request) => serveTrpc(request) } });
  routes.push({ pattern: /^\/api\/openapi\.json\/?$/, names: [], handlers: only('GET', (request) => serveOpenApi(request)) });
  routes.push({ pattern: /^\/api\/metrics\/?$/, names: [], handlers: only('GET', (request) => serveMetrics(request)) });
  return routes;
}

/** Built once, when the module loads, from the map; never changed after. */
const API_ROUTES = buildRoutes();
const UNKNOWN_PATH: ApiHandler = (request) => serveUnknownApiPath(request);

/**
 * The handler for a request to an `/api/` path: the route's handler for the method, the route's 405 for a
 * method it does not serve, or the unknown-path answer. HEAD is answered as GET (without the body, by the
 * caller), as Next does for route files.
 */
export function findApiHandler(method: string, pathname: string): { handler: ApiHandler; params: RouteParams } {
  const asMethod = method === 'HEAD' ? 'GET' : method;
  for (const route of API_ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    return { handler: route.handlers[asMethod] ?? route.handlers.PUT ?? refuseMethod(pathname, route.handlers), params };
  }
  return { handler: UNKNOWN_PATH, params: {} };
}

/** A JSON 405 naming the methods the path serves (REST routes bring their own; this is for the others). */
function refuseMethod(pathname: string, handlers: MethodHandlers): ApiHandler {
  const allowed = Object.keys(handlers).join(', ');
  return (request) =>
    serveHttp(request, pathname, async () =>
      failureResponse(new AppError('METHOD_NOT_ALLOWED', `${request.method} is not supported here; use ${allowed}.`), { allow: allowed }),
    );
}

/**
 * A request to an `/api/` path as Next hands it to the catch-all route file: dispatched through the same
 * table, after the same malformed-path check the production server makes (`server/http/app-server.ts`).
 */
export function serveApiRequest(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  try {
    decodeURIComponent(pathname);
  } catch {
    return serveHttp(request, '/api/*', async () =>
      failureResponse(new AppError('INVALID_INPUT', 'path: contains a malformed percent-escape', { field: 'path' })),
    );
  }
  const { handler, params } = findApiHandler(request.method, pathname);
  return handler(request, { params: Promise.resolve(params) });
}
