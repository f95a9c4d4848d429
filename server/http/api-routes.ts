/**
 * The API's routes as a table, built from the endpoint contracts: what the `app/api` route files declare
 * for Next, for the production server to dispatch without Next's router in front (see `app-server.ts`).
 */
import { ENDPOINTS } from '@/server/api/contract';
import { DEV_ENDPOINTS } from '@/server/api/contract/dev';
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
  const source = template.split('/').map((part) => {
    const parameter = /^\{(\w+)\}$/.exec(part);
    if (!parameter) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(parameter[1]!);
    return '([^/]+)';
  }).join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

function buildRoutes(): Route[] {
  // Health's GET answers 503 when this instance cannot serve (first match wins over its contract route).
  const routes: Route[] = [
    { pattern: /^\/api\/health\/?$/, names: [], handlers: { ...restRoute('system.health'), GET: (request) => serveHealth(request) } },
    { pattern: /^\/api\/health\/live\/?$/, names: [], handlers: { GET: () => serveLiveness() } },
  ];
  for (const endpoint of [...ENDPOINTS, ...DEV_ENDPOINTS]) {
    const handlers = restRoute(endpoint.procedure) as MethodHandlers;
    for (const path of endpoint.paths) routes.push({ ...compile(path), handlers });
  }
  const only = (method: string, handler: ApiHandler): MethodHandlers => ({ [method]: handler });
  routes.push({ pattern: /^\/api\/trpc\/[^/]+\/?$/, names: [], handlers: { GET: (request) => serveTrpc(request), POST: (request) => serveTrpc(request) } });
  routes.push({ pattern: /^\/api\/openapi\.json\/?$/, names: [], handlers: only('GET', (request) => serveOpenApi(request)) });
  routes.push({ pattern: /^\/api\/metrics\/?$/, names: [], handlers: only('GET', (request) => serveMetrics(request)) });
  return routes;
}

let routes: Route[] | undefined;

/**
 * The handler for a request to an `/api/` path: the route's handler for the method, the route's 405 for a
 * method it does not serve, or the unknown-path answer. HEAD is answered as GET (without the body, by the
 * caller), as Next does for route files.
 */
export function findApiHandler(method: string, pathname: string): { handler: ApiHandler; params: RouteParams } {
  routes ??= buildRoutes();
  const asMethod = method === 'HEAD' ? 'GET' : method;
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    return { handler: route.handlers[asMethod] ?? route.handlers.PUT ?? refuseMethod(pathname, route.handlers), params };
  }
  return { handler: (request) => serveUnknownApiPath(request), params: {} };
}

/** A JSON 405 naming the methods the path serves (REST routes bring their own; this is for the others). */
function refuseMethod(pathname: string, handlers: MethodHandlers): ApiHandler {
  const allowed = Object.keys(handlers).join(', ');
  return (request) => serveHttp(request, pathname, async () =>
    failureResponse(new AppError('METHOD_NOT_ALLOWED', `${request.method} is not supported here; use ${allowed}.`), { allow: allowed }));
}
