/**
 * An HTTP proxy in front of an RPC URL that misbehaves on demand, for fault tests: it can pass requests
 * through, never answer, answer late, answer garbage (an HTML 502 page, a body cut off mid-JSON, JSON
 * that is not JSON-RPC) or drop the connection half-way through a reply. The mode can change at any time;
 * each request follows the mode current when it arrived.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMode =
  { kind: 'pass' } | { kind: 'hang' } | { kind: 'delay'; ms: number } | { kind: 'garbage'; body: 'html' | 'truncated' | 'not-json-rpc' } | { kind: 'die' };

export interface FaultProxy {
  url: string;
  /** Requests that reached the proxy, whatever their fate. */
  readonly requests: number;
  set(mode: FaultMode): void;
  close(): Promise<void>;
}

/** Passes a JSON-RPC body on to the real RPC and returns its answer. */
async function forward(target: string, body: Buffer): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/** Answers with the requested kind of garbage. */
function answerGarbage(response: ServerResponse, body: Extract<FaultMode, { kind: 'garbage' }>['body']): void {
  if (body === 'html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
  } else if (body === 'truncated') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x');
  } else {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  }
}

/** Forwards the request and relays the answer, or a 502 when the RPC fails; nothing when the client is gone. */
async function relay(target: string, response: ServerResponse, body: Buffer): Promise<void> {
  try {
    const answer = await forward(target, body);
    if (!response.destroyed) response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  } catch {
    if (!response.destroyed) response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
  }
}

/** Treats one request as the mode current when it arrived says. */
async function handle(target: string, current: FaultMode, request: IncomingMessage, response: ServerResponse, body: Buffer): Promise<void> {
  switch (current.kind) {
    case 'hang':
      return; // the socket stays open until the client gives up or the proxy closes
    case 'garbage':
      answerGarbage(response, current.body);
      return;
    case 'die': {
      // Headers and the start of a real-looking reply, then the connection is cut.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"jsonrpc":"2.0","id":1,"result":');
      setTimeout(() => request.socket.destroy(), 20);
      return;
    }
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, current.ms));
      break;
    case 'pass':
      break;
  }
  await relay(target, response, body);
}

export async function startFaultProxy(target: string, initial: FaultMode = { kind: 'pass' }): Promise<FaultProxy> {
  let mode = initial;
  let requests = 0;
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    requests++;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handle(target, mode, request, response, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    set(next) {
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
