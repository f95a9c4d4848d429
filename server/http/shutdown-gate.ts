/**
 * Graceful shutdown of the HTTP server. Once draining, every new request is answered 503 SHUTTING_DOWN with
 * `Connection: close` (a load balancer takes the instance out, a client retries elsewhere), while the requests
 * already in hand finish; their answers close their connections too, and idle keep-alive connections are
 * closed at once. The server keeps listening until the last request in hand is answered, so a client never
 * meets a refused connection it cannot tell from a crash.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AppError, failureBody } from '@/server/errors';
import { SECURITY_HEADERS } from './security-headers.mjs';

export interface DrainOutcome {
  /** Every request in hand was answered within the grace period. */
  drained: boolean;
  /** What was still being served when the grace period ended (method and path). */
  cut: string[];
}

export interface ShutdownGate {
  /** Whether to serve this request: false when draining (it has then been answered 503). */
  admit(incoming: IncomingMessage, outgoing: ServerResponse): boolean;
  /** The requests in hand, as method and path. */
  inFlight(): string[];
  /** Refuses new requests, waits for those in hand up to `graceMs`, then stops the server. */
  drain(server: Server, graceMs: number): Promise<DrainOutcome>;
}

function refuse(outgoing: ServerResponse): void {
  const error = new AppError('SHUTTING_DOWN', 'This server is shutting down; send the request again (to another instance).');
  for (const { key, value } of SECURITY_HEADERS) outgoing.setHeader(key, value);
  outgoing.writeHead(error.httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
    'retry-after': '1',
  });
  outgoing.end(JSON.stringify(failureBody(error)));
}

const describe = (incoming: IncomingMessage) => `${incoming.method ?? 'GET'} ${(incoming.url ?? '/').split('?')[0]!.slice(0, 200)}`;

export function createShutdownGate(): ShutdownGate {
  const active = new Map<ServerResponse, string>();
  let draining = false;
  let settle: (() => void) | undefined;

  const closeAfterAnswer = (outgoing: ServerResponse) => {
    if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
  };

  return {
    admit(incoming, outgoing) {
      if (draining) {
        refuse(outgoing);
        return false;
      }
      active.set(outgoing, describe(incoming));
      outgoing.once('close', () => {
        active.delete(outgoing);
        if (draining && active.size === 0) settle?.();
      });
      return true;
    },
    inFlight: () => [...active.values()],
    async drain(server, graceMs) {
      draining = true;
      for (const outgoing of active.keys()) closeAfterAnswer(outgoing);
      server.closeIdleConnections();
      // A connection that was between requests when draining began is closed as soon as it is idle again.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
      let timer: NodeJS.Timeout | undefined;
      const drained =
        active.size === 0 ||
        (await new Promise<boolean>((resolve) => {
          settle = () => resolve(true);
          timer = setTimeout(() => resolve(false), graceMs);
        }));
      clearTimeout(timer);
      clearInterval(idleSweep);
      const cut = [...active.values()];
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return { drained, cut };
    },
  };
}
