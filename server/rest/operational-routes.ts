/** The operational routes beside the interface: the OpenAPI document, metrics, and unknown API paths. */
import { authenticate } from '@/server/auth/authenticate';
import { requireOperator } from '@/server/auth/key-scope';
import { AppError } from '@/server/errors';
import type { Services } from '@/server/services';
import { failureResponse, serveHttp } from './http';
import { buildOpenApiDocument } from './openapi-document';

/**
 * Like every path but /api/health, these need a caller: an API key, or (for the document, which the
 * /docs page reads) the session cookie the app's pages carry.
 */
function requireCaller(services: Services, request: Request, allowSession: boolean) {
  return authenticate(services.auth, {
    authorization: request.headers.get('authorization'),
    cookie: request.headers.get('cookie'),
    allowSession,
  });
}

export function serveOpenApi(request: Request): Promise<Response> {
  return serveHttp(request, '/api/openapi.json', async ({ services }) => {
    await requireCaller(services, request, true);
    // Built once per services instance and version: the document follows the code, not the request.
    let text = services.openApiDocument.get(services.version);
    if (text === undefined) {
      text = JSON.stringify(buildOpenApiDocument({ version: services.version }));
      services.openApiDocument.set(services.version, text);
    }
    return new Response(text, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, max-age=60' },
    });
  });
}

/**
 * Prometheus text format; scrapers send an operator key as a bearer token. Any other key is refused (403): the
 * solver's inventory in here tells how large a bridge the solver could be made to pay out.
 */
export function serveMetrics(request: Request): Promise<Response> {
  return serveHttp(request, '/api/metrics', async ({ services }) => {
    requireOperator(await requireCaller(services, request, false), '/api/metrics');
    return new Response(await services.metrics.registry.metrics(), {
      headers: { 'content-type': services.metrics.registry.contentType, 'cache-control': 'no-store' },
    });
  });
}

export function serveUnknownApiPath(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return serveHttp(request, '/api/*', async ({ services }) => {
    await requireCaller(services, request, true);
    return failureResponse(new AppError('NOT_FOUND', `There is no endpoint at ${pathname.slice(0, 200)}; see /docs for the API reference.`));
  });
}
