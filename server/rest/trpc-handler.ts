/**
 * The tRPC endpoint for the app's own pages (session cookie) and for key holders. Its bodies follow the
 * REST rules (JSON only, at most MAX_BODY_BYTES, 415 and 413 otherwise); its failures answer in tRPC's shape
 * with the status of the one error table, and every 5xx is logged with its request id.
 */
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { toAppError } from '@/server/api/to-app-error';
import { AppError } from '@/server/errors';
import { getServices, type Services } from '@/server/services';
import { MAX_BODY_BYTES, isJsonContentType, serveHttp, tooLarge } from './http';
import { peerAddressOf, peerOf } from '@/server/auth/peer-address';

export function serveTrpc(request: Request, loadServices: () => Promise<Services> = getServices): Promise<Response> {
  return serveHttp(
    request,
    '/api/trpc',
    ({ services, requestId }) => {
      const bounded = withBoundedBody(request);
      return fetchRequestHandler({
        endpoint: '/api/trpc',
        req: bounded,
        router: appRouter,
        createContext: () => {
          refuseNonJsonBody(request);
          return createContext({
            services,
            channel: 'trpc',
            requestId,
            headers: request.headers,
            peer: peerOf(request.headers),
            peerAddress: peerAddressOf(request.headers),
          });
        },
        responseMeta({ errors }) {
          const retryAfter = errors
            .map((error) => (error.cause as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds)
            .find((seconds) => seconds !== undefined);
          return retryAfter !== undefined ? { headers: new Headers({ 'retry-after': String(retryAfter) }) } : {};
        },
        onError({ error, path }) {
          const appError = toAppError(error);
          if (appError.httpStatus >= 500) {
            services.logger.error('trpc error', { requestId, path, code: appError.code, error: error.cause ?? error });
          }
        },
      });
    },
    loadServices,
  );
}

/**
 * tRPC reads JSON, and also form data and raw bytes for procedures built for them (we have none). Those are
 * the bodies a page on another site can post without asking first, so only JSON is let through, as on REST.
 * Thrown from the context, so tRPC answers it in its own shape; text/plain and the like it refuses itself.
 */
function refuseNonJsonBody(request: Request): void {
  if (request.method !== 'POST' || isJsonContentType(request.headers.get('content-type'))) return;
  const refusal = new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".', { field: 'body' });
  throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: refusal.message, cause: refusal });
}

/**
 * The request with its body cut off at MAX_BODY_BYTES: reading past the limit (or a declared length over it)
 * fails with PAYLOAD_TOO_LARGE, which tRPC passes on unchanged, so the answer is the 413 REST gives. The
 * same technique as tRPC's own Node adapter, which the fetch adapter lacks.
 */
function withBoundedBody(request: Request): Request {
  if (!request.body) return request;
  const source = request.body;
  const declared = Number(request.headers.get('content-length') ?? '0');
  const refusal = () => {
    const error = tooLarge();
    return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: error.message, cause: error });
  };
  let size = 0;
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (declared > MAX_BODY_BYTES) {
        await reader.cancel();
        controller.error(refusal());
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        controller.error(refusal());
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}
