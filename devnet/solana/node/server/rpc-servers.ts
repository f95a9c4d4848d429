import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { stringifyJson } from '../codecs/stringify-json';

export interface RpcServerHandlers {
  /** The JSON-RPC answer to a POSTed body. */
  answerBody(body: string): Promise<unknown>;
  /** A new websocket connection (subscriptions). */
  onSocket(socket: WebSocket): void;
}

/**
 * An idle connection stays open a minute, as hosted RPCs keep theirs. With Node's 5 s a client whose event
 * loop was busy past its own 4 s idle limit sent its next request on a socket the node had just closed
 * ("other side closed"); the client reads the advertised timeout and closes well before it.
 */
const IDLE_CONNECTION_MS = 60_000;

function keptAlive(server: Server): Server {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  return server;
}

/**
 * The node's two HTTP servers: JSON-RPC over POST and websockets on upgrade on both, one on the node's
 * port and one on port + 1, because web3.js v1 derives its websocket URL by adding one to the port.
 */
export class RpcServers {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly httpServer: Server;
  private readonly wsServer: Server;

  constructor(handlers: RpcServerHandlers) {
    this.wss.on('connection', (socket) => handlers.onSocket(socket));
    const onRequest = (req: IncomingMessage, res: ServerResponse) => answerHttp(handlers, req, res);
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    this.httpServer = keptAlive(createServer(onRequest).on('upgrade', onUpgrade));
    this.wsServer = keptAlive(createServer(onRequest).on('upgrade', onUpgrade));
  }

  /** Listens on `port` and port + 1, or on a free port whose successor is free too; returns the port. */
  async listen(port: number | undefined): Promise<number> {
    if (port !== undefined) {
      const bound = await listen(this.httpServer, port);
      await listen(this.wsServer, bound + 1);
      return bound;
    }
    for (let attempt = 0; ; attempt += 1) {
      const bound = await listen(this.httpServer, 0);
      try {
        await listen(this.wsServer, bound + 1);
        return bound;
      } catch (error) {
        await close(this.httpServer);
        if (attempt >= 20) throw error;
      }
    }
  }

  async close() {
    await Promise.all([close(this.httpServer), close(this.wsServer)]);
  }

  async stop() {
    for (const client of this.wss.clients) client.terminate();
    await this.close();
    this.wss.close();
  }
}

function answerHttp(handlers: RpcServerHandlers, req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', '*');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  if (req.method === 'GET') {
    if (req.url === '/health') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return void res.writeHead(405).end('Used HTTP Method is not allowed. POST or OPTIONS is required');
  }
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    handlers.answerBody(Buffer.concat(chunks).toString('utf8')).then(
      (response) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(stringifyJson(response)),
      () => res.writeHead(500).end(),
    );
  });
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const addressInfo = server.address();
      resolve(typeof addressInfo === 'object' && addressInfo ? addressInfo.port : port);
    });
  });

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
