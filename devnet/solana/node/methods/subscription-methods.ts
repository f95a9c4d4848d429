import type { RawData, WebSocket } from 'ws';
import { errorResponse, invalidParams, invalidRequest, methodNotFound, parseError, type JsonRpcId } from '../errors/rpc-error';
import type { NodeContext } from '../node-context';
import { notifySignature, sendJson, type Subscription } from '../subscriptions';
import { configOf, expectAddress, expectSignature } from './rpc-params';

/** One request on one connection; `owned` are the connection's subscriptions, dropped when it closes. */
interface SocketRequest {
  node: NodeContext;
  socket: WebSocket;
  owned: Set<number>;
  id: JsonRpcId;
  params: unknown[];
}

/** Serves the websocket subscription methods on one connection. */
export function serveSubscriptions(node: NodeContext, socket: WebSocket) {
  const owned = new Set<number>();
  // A client that breaks the protocol (a bad frame, an oversized message) is dropped; the node runs inside
  // the process that started the world, so an unheard 'error' would end every chain with it.
  socket.on('error', () => socket.terminate());
  socket.on('close', () => {
    for (const id of owned) node.subscriptions.delete(id);
  });
  socket.on('message', (raw) => answer(node, socket, owned, raw));
}

function answer(node: NodeContext, socket: WebSocket, owned: Set<number>, raw: RawData) {
  let parsed: unknown;
  try {
    // ws hands a Buffer with its default binaryType ('nodebuffer'), which this server keeps.
    parsed = JSON.parse((raw as Buffer).toString());
  } catch {
    return sendJson(socket, errorResponse(null, parseError()));
  }
  // Valid JSON that is not a request object (`null`, a number, a list) is an invalid request, not a crash.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return sendJson(socket, errorResponse(null, invalidRequest()));
  const request = parsed as { id?: JsonRpcId; method?: string; params?: unknown[] };
  if (request.id === undefined) return; // notifications (web3.js heartbeat 'ping') need no answer
  const { id, method } = request;
  const params = Array.isArray(request.params) ? request.params : [];
  const handler = subscriptionMethods.get(method ?? '');
  try {
    if (!handler) return sendJson(socket, errorResponse(id, methodNotFound()));
    handler({ node, socket, owned, id, params });
  } catch (error) {
    sendJson(socket, errorResponse(id ?? null, error));
  }
}

const reply = (request: SocketRequest, result: unknown) => sendJson(request.socket, { jsonrpc: '2.0', id: request.id, result });

function subscribe(request: SocketRequest, subscription: Subscription): number {
  const subscriptionId = request.node.subscriptions.add(subscription);
  request.owned.add(subscriptionId);
  reply(request, subscriptionId);
  return subscriptionId;
}

function unsubscribe(request: SocketRequest, kind: Subscription['kind']) {
  const { subscriptions } = request.node;
  const subscriptionId = Number(request.params[0]);
  const sub = subscriptions.get(subscriptionId);
  if (!sub || sub.kind !== kind || sub.socket !== request.socket) {
    return sendJson(request.socket, errorResponse(request.id ?? null, invalidParams('Invalid subscription id.')));
  }
  subscriptions.delete(subscriptionId);
  request.owned.delete(subscriptionId);
  reply(request, true);
}

function signatureSubscribe(request: SocketRequest) {
  const signature = expectSignature(request.params[0]);
  const subscriptionId = subscribe(request, { kind: 'signature', socket: request.socket, signature });
  const { ledger, subscriptions } = request.node;
  const record = ledger.transaction(signature);
  if (record) {
    // Already processed: a validator answers from its status cache at once.
    notifySignature(request.socket, subscriptionId, ledger.slot, record);
    subscriptions.delete(subscriptionId);
  }
}

function accountSubscribe(request: SocketRequest) {
  const address = expectAddress(request.params[0]);
  const encoding = (configOf(request.params[1]).encoding as string | undefined) ?? 'base58';
  subscribe(request, { kind: 'account', socket: request.socket, address, encoding });
}

// A Map, not an object, so that a method named like an Object.prototype member is not found.
const subscriptionMethods = new Map<string, (request: SocketRequest) => void>([
  ['signatureSubscribe', signatureSubscribe],
  ['slotSubscribe', (request) => void subscribe(request, { kind: 'slot', socket: request.socket })],
  ['accountSubscribe', accountSubscribe],
  ['signatureUnsubscribe', (request) => unsubscribe(request, 'signature')],
  ['slotUnsubscribe', (request) => unsubscribe(request, 'slot')],
  ['accountUnsubscribe', (request) => unsubscribe(request, 'account')],
]);
