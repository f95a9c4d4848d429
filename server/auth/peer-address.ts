/**
 * Whether a request came from this machine, for what only the machine itself may read (the local world's
 * test keys).
 *
 * How the server learns it: under `next start` a route handler gets a Request without the socket, and the
 * X-Forwarded-For that Next.js sets keeps whatever the client sent (it only fills the header in when it is
 * missing), so no header a client can write is trusted. Instead the server process subscribes, once at
 * start (instrumentation.ts), to Node's own `http.server.request.start` diagnostics channel. Node publishes
 * on it for every request, with the socket, before the server's request handler (Next.js) sees the request,
 * and the subscriber stamps the request with a header of ours, replacing any value a client sent under that
 * name: `loopback` when the socket's peer is 127.0.0.0/8 or ::1 and the request carries no forwarding header
 * (a proxy on this machine relaying someone else adds one), `remote` otherwise. Route handlers read the stamp
 * only once the subscription runs in this process; before that, or where it never runs (a custom server,
 * another runtime), every request counts as remote.
 *
 * The same stamp carries the socket's address, which the limits on callers without an API key count by
 * (server/auth/client-address.ts); where nothing stamps requests the address is unknown.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';

export type Peer = 'loopback' | 'remote';

/** Written by the server process for every request; never taken from a client. */
export const PEER_HEADER = 'x-swapbridge-peer';
/** The socket's remote address, written by the server process for every request; never taken from a client. */
export const PEER_ADDRESS_HEADER = 'x-swapbridge-peer-address';

const REQUEST_START = 'http.server.request.start';
const WATCHING = Symbol.for('swapbridge.peerWatch');
type GlobalWithWatch = typeof globalThis & { [WATCHING]?: boolean };

/** Headers a proxy adds when it relays a request: the socket's peer is then the proxy, not the client. */
const FORWARDING_HEADER = /^(x-forwarded-|forwarded$|x-real-ip$|via$)/;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** The stamp for one request, from its socket's address and the headers the client sent. */
export function classifyPeer(remoteAddress: string | undefined, headers: IncomingHttpHeaders): Peer {
  const relayed = Object.keys(headers).some((name) => FORWARDING_HEADER.test(name.toLowerCase()));
  return isLoopbackAddress(remoteAddress) && !relayed ? 'loopback' : 'remote';
}

function stamp(message: unknown): void {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket };
  delete request.headers[PEER_HEADER];
  delete request.headers[PEER_ADDRESS_HEADER];
  request.headers[PEER_HEADER] = classifyPeer(socket.remoteAddress, request.headers);
  if (socket.remoteAddress) request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress;
}

/** Starts stamping every request this process serves over Node's HTTP server; safe to call again. */
export function watchPeers(): void {
  const holder = globalThis as GlobalWithWatch;
  if (holder[WATCHING]) return;
  diagnosticsChannel.subscribe(REQUEST_START, stamp);
  holder[WATCHING] = true;
}

/** Who sent a request, from the stamp; `remote` unless this process stamps requests. */
export function peerOf(headers: Headers): Peer {
  if (!(globalThis as GlobalWithWatch)[WATCHING]) return 'remote';
  return headers.get(PEER_HEADER) === 'loopback' ? 'loopback' : 'remote';
}

/** The socket address a request came from, from the stamp; undefined unless this process stamps requests. */
export function peerAddressOf(headers: Headers): string | undefined {
  if (!(globalThis as GlobalWithWatch)[WATCHING]) return undefined;
  return headers.get(PEER_ADDRESS_HEADER) ?? undefined;
}
