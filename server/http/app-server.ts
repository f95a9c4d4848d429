/**
 * The production server: Node's HTTP server with the built Next app behind it. Requests to `/api/` go
 * straight to the API handlers through the route table (server/rest/api-routes.ts), the same table Next's
 * catch-all route file (`app/api/[...path]`) dispatches with, so `next dev` serves the same API; everything
 * else is Next's. Routing an API request through Next cost more CPU than the request's own work (measured in
 * the README's benchmark section).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { watchPeers } from '@/server/auth/peer-address';
import { getServices, type Services } from '@/server/services';
import { findApiHandler } from '@/server/rest/api-routes';
import { toRequest, writeResponse } from './node-bridge';
import { SECURITY_HEADERS } from './security-headers.mjs';
import { createShutdownGate, type ShutdownGate } from './shutdown-gate';

export interface AppServerOptions {
  port: number;
  hostname: string;
  /** The project folder holding the `.next` build. */
  dir: string;
}

function pathnameOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

function refuseMalformedPath(outgoing: ServerResponse): void {
  for (const { key, value } of SECURITY_HEADERS) outgoing.setHeader(key, value);
  outgoing.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-request-id': crypto.randomUUID() });
  outgoing.end(JSON.stringify({ success: false, code: 'INVALID_INPUT', error: 'path: contains a malformed percent-escape', field: 'path' }));
}

async function serveApi(incoming: IncomingMessage, outgoing: ServerResponse, pathname: string, origin: string): Promise<void> {
  try {
    decodeURIComponent(pathname);
  } catch {
    refuseMalformedPath(outgoing);
    return;
  }
  const { handler, params } = findApiHandler(incoming.method ?? 'GET', pathname);
  const response = await handler(toRequest(incoming, origin), { params: Promise.resolve(params) });
  await writeResponse(response, incoming, outgoing);
}

export interface AppServer {
  server: Server;
  /**
   * Stops gracefully: new requests answered 503 while those in hand finish, then the bridge solver's and the
   * background sender's work in hand, all within `graceMs`; past it, what is left is cut and named in the log.
   * Resolves whether everything finished in time.
   */
  stop(reason: string, graceMs: number): Promise<boolean>;
}

async function stopGracefully(server: Server, gate: ShutdownGate, services: Services, reason: string, graceMs: number): Promise<boolean> {
  const { logger } = services;
  const started = Date.now();
  logger.info('shutdown started', { reason, graceMs, inFlight: gate.inFlight() });
  const http = await gate.drain(server, graceMs);
  if (!http.drained) logger.warn('shutdown grace period over: requests cut', { requests: http.cut });
  let timer: NodeJS.Timeout | undefined;
  const remaining = Math.max(0, graceMs - (Date.now() - started));
  const closed = await Promise.race([
    services.close().then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), remaining))),
  ]).catch((error: unknown) => {
    logger.error('shutdown: closing the services failed', { error });
    return false;
  });
  clearTimeout(timer);
  if (!closed)
    logger.warn('shutdown grace period over: background work cut (the bridge solver or the background sender, resumed from storage at the next start)');
  logger.info('shutdown complete', { ms: Date.now() - started, drained: http.drained && closed });
  return http.drained && closed;
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  // The API handlers here and Next's bundle are two copies of the server code in one process. The services
  // (globalThis, see getServices) are built by this copy, before Next's instrumentation asks for them, so the
  // objects the handlers get (the RPC transports and the errors they throw, checked with instanceof) are of
  // this copy's classes. Pages do not use the services.
  watchPeers();
  const services = await getServices();
  const app = next({ dev: false, dir: path.resolve(options.dir), hostname: options.hostname, port: options.port });
  const handleWithNext = app.getRequestHandler();
  await app.prepare();
  const origin = `http://${options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname}:${options.port}`;

  const gate = createShutdownGate();
  const server = createServer((incoming, outgoing) => {
    if (!gate.admit(incoming, outgoing)) return;
    const pathname = pathnameOf(incoming.url);
    const served = pathname.startsWith('/api/') ? serveApi(incoming, outgoing, pathname, origin) : handleWithNext(incoming, outgoing);
    served.catch((error: unknown) => {
      services.logger.error('request failed outside its handler', { path: pathname.slice(0, 200), error });
      if (!outgoing.headersSent) {
        outgoing.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        outgoing.end(JSON.stringify({ success: false, code: 'INTERNAL', error: 'Internal error.' }));
      } else {
        outgoing.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => resolve());
  });
  return { server, stop: (reason, graceMs) => stopGracefully(server, gate, services, reason, graceMs) };
}
