/**
 * An authenticated RPC gateway in front of one local node, as hosted RPC providers run them: the node is
 * reached at `http://USER:PASSWORD@127.0.0.1:PORT/v2/KEY` (and `ws://` the same), never without them. A
 * request without the right Basic authorization answers 401 and one outside `/v2/KEY` 404, so a server that
 * loses the credentials anywhere (a client library that drops them, a code path that strips the path) fails
 * loudly instead of reaching the node anyway. Every refusal is also kept, for the run's teardown to report.
 *
 * It forwards POST (JSON-RPC, batches alike) and websocket upgrades (the Solana node's subscriptions, served on
 * its HTTP port) to the node's root, dropping the rest of the path, the query and the authorization.
 */
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { freePort } from '../../devnet/free-port';
import type { DevnetManifest } from '../../server/chains/devnet-manifest';

export interface RpcCredentials {
  user: string;
  password: string;
  /** The path key: requests must go to `/v2/<key>`. */
  key: string;
}

export interface RpcGateway {
  port: number;
  /** `http://USER:PASSWORD@127.0.0.1:PORT/v2/KEY`: what a server is configured with. */
  rpcUrl: string;
  /** The same with ws://, for clients that subscribe. */
  wsUrl: string;
  /** What was refused so far, as `STATUS METHOD` (`401 POST`): neither the credentials nor the path appear. */
  refusals: string[];
  close(): Promise<void>;
}

/** Headers that describe one connection, not the request: never forwarded (RFC 9110 7.6.1), nor the credentials. */
const NOT_FORWARDED = new Set([
  'authorization',
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A gateway to the node at `node.rpcUrl` (http://host:port), its websockets to `node.wsUrl` (the same port when
 * not given). The gateway keeps idle connections a minute, as the nodes do: clients (undici) reuse theirs for
 * seconds between calls.
 */
export async function startRpcGateway(node: { rpcUrl: string; wsUrl?: string }, credentials: RpcCredentials): Promise<RpcGateway> {
  const rpcTarget = new URL(node.rpcUrl);
  const wsTarget = new URL(node.wsUrl ?? node.rpcUrl);
  const refusals: string[] = [];
  // Upgraded sockets leave the server's bookkeeping: closing the gateway ends them here.
  const tunnels = new Set<Duplex>();

  const refusal = (req: IncomingMessage) => refusalOf(req, credentials);
  const refuse = (req: IncomingMessage, status: number) => {
    // The path is left out: a refused path may hold a wrong key, or the right one after a wrong prefix.
    refusals.push(`${status} ${req.method ?? '?'}${req.headers.upgrade ? ' (websocket)' : ''}`);
  };

  const server: Server = createServer((req, res) => {
    const refused = refusal(req);
    if (refused) {
      refuse(req, refused.status);
      req.resume();
      res.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.text);
      return;
    }
    forwardRequest(req, res, rpcTarget);
  });
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;

  // A websocket: the upgrade request is checked, then tunnelled to the node.
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const refused = refusal(req);
    if (refused) {
      refuse(req, refused.status);
      client.end(`HTTP/1.1 ${refused.status} ${refused.status === 401 ? 'Unauthorized' : 'Not Found'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    tunnelWebsocket({ req, client, head }, wsTarget, tunnels);
  });

  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const authority = `${credentials.user}:${credentials.password}@127.0.0.1:${port}`;
  return {
    port,
    rpcUrl: `http://${authority}/v2/${credentials.key}`,
    wsUrl: `ws://${authority}/v2/${credentials.key}`,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Kept-alive connections and open websockets would hold close() until they time out.
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
      }),
  };
}

/** Why a request is refused (the status and its text), or undefined when it may pass. */
function refusalOf(req: IncomingMessage, credentials: RpcCredentials): { status: 401 | 404 | 405; text: string } | undefined {
  if (basicCredentials(req.headers) !== `${credentials.user}:${credentials.password}`) {
    return { status: 401, text: 'Unauthorized: a Basic authorization with the user and password is required' };
  }
  const path = (req.url ?? '/').split('?')[0]!;
  if (path !== `/v2/${credentials.key}` && !path.startsWith(`/v2/${credentials.key}/`)) {
    return { status: 404, text: 'Not found: the path must start with /v2/<key>' };
  }
  if (req.method !== 'POST' && req.headers.upgrade === undefined) return { status: 405, text: 'Only POST (JSON-RPC) and websockets' };
  return undefined;
}

/** One JSON-RPC POST sent on to the node's root, its answer piped back. */
function forwardRequest(req: IncomingMessage, res: ServerResponse, rpcTarget: URL): void {
  // A connection of its own per request (no agent): nothing to go stale between a test's bursts of calls.
  const upstream = request(
    {
      host: rpcTarget.hostname,
      port: Number(rpcTarget.port || 80),
      method: 'POST',
      path: '/',
      agent: false,
      headers: forwardedHeaders(req.headers, rpcTarget.host),
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`the node did not answer: ${error.message}`);
    else res.destroy(error);
  });
  req.pipe(upstream);
}

/** A checked websocket upgrade sent on to the node's root and the two sockets piped; `tunnels` holds them while open. */
function tunnelWebsocket(upgrade: { req: IncomingMessage; client: Duplex; head: Buffer }, wsTarget: URL, tunnels: Set<Duplex>): void {
  const { req, client, head } = upgrade;
  const upstream: Socket = connect(Number(wsTarget.port || 80), wsTarget.hostname, () => {
    const headers = [`host: ${wsTarget.host}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      // The upgrade's own headers (Connection, Upgrade) go along; only the credentials and the host do not.
      if (name.toLowerCase() !== 'authorization' && name.toLowerCase() !== 'host') headers.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    upstream.write(`GET / HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const closeBoth = () => {
    upstream.destroy();
    client.destroy();
    tunnels.delete(upstream);
    tunnels.delete(client);
  };
  tunnels.add(upstream).add(client);
  for (const socket of [upstream, client]) socket.on('error', closeBoth).on('close', closeBoth);
}

/** `user:password` of a Basic authorization header, or undefined. */
function basicCredentials(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(headers.authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

function forwardedHeaders(headers: IncomingHttpHeaders, host?: string): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) kept[name] = value;
  }
  if (host) kept.host = host;
  return kept;
}

export interface GatewayWorld {
  credentials: RpcCredentials;
  /** A copy of the world's manifest whose every rpcUrl and wsUrl is its chain's gateway: for the server only. */
  manifestPath: string;
  /** Every request a gateway refused, as `CHAIN STATUS METHOD`. */
  refusals(): string[];
  close(): Promise<void>;
}

/**
 * One gateway per chain of `manifest`, all with the same new random user, password and key (base64url, so
 * they need no escaping in a URL and cannot turn up in an answer by chance), and the manifest copy naming them.
 */
export async function startGatewayWorld(manifest: DevnetManifest): Promise<GatewayWorld> {
  const word = () => randomBytes(18).toString('base64url');
  const credentials: RpcCredentials = { user: word(), password: word(), key: word() };
  const gateways: [string, RpcGateway][] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'swapbridge-e2e-rpc-'));
  try {
    const chains: Record<string, unknown> = {};
    for (const [id, chain] of Object.entries(manifest.chains)) {
      const gateway = await startRpcGateway(chain, credentials);
      gateways.push([id, gateway]);
      chains[id] = { ...chain, rpcUrl: gateway.rpcUrl, ...(chain.wsUrl ? { wsUrl: gateway.wsUrl } : {}) };
    }
    const manifestPath = path.join(folder, 'manifest.json');
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, chains }, null, 2), { mode: 0o600 });
    return {
      credentials,
      manifestPath,
      refusals: () => gateways.flatMap(([id, gateway]) => gateway.refusals.map((refusal) => `${id} ${refusal}`)),
      async close() {
        await Promise.all(gateways.map(([, gateway]) => gateway.close()));
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(gateways.map(([, gateway]) => gateway.close()));
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
