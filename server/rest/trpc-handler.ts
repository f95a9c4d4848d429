/** The tRPC endpoint for the app's own pages (session cookie) and for key holders. */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { serveHttp } from './http';

export function serveTrpc(request: Request): Promise<Response> {
  return serveHttp(request, '/api/trpc', ({ services, requestId }) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: request,
      router: appRouter,
      createContext: () => createContext({ services, channel: 'trpc', requestId, headers: request.headers }),
      responseMeta({ errors }) {
        const retryAfter = errors
          .map((error) => (error.cause as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds)
          .find((seconds) => seconds !== undefined);
        return retryAfter !== undefined ? { headers: new Headers({ 'retry-after': String(retryAfter) }) } : {};
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') services.logger.error('trpc error', { requestId, path, error: error.cause ?? error });
      },
    }),
  );
}
