import { RpcError, errorResponse, invalidRequest, methodNotFound, parseError, type JsonRpcId, type JsonRpcResponse } from '../errors/rpc-error';
import { rpcMethods } from '../methods/rpc-methods';
import { expectedSequence } from '../methods/rpc-params';
import type { NodeContext } from '../node-context';

/** Answers an HTTP JSON-RPC body: one request or a batch, run one after another. */
export async function dispatchRpc(node: NodeContext, body: string): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return errorResponse(null, parseError());
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return errorResponse(null, invalidRequest());
    const responses: unknown[] = [];
    for (const request of parsed) responses.push(await dispatch(node, request));
    return responses;
  }
  return dispatch(node, parsed);
}

async function dispatch(node: NodeContext, request: unknown): Promise<JsonRpcResponse> {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return errorResponse(null, invalidRequest());
  const { id = null, method, params = [] } = request as { id?: JsonRpcId; method?: unknown; params?: unknown };
  if (typeof method !== 'string') return errorResponse(id, invalidRequest());
  const handler = rpcMethods[method];
  if (!handler) return errorResponse(id, methodNotFound());
  if (!Array.isArray(params)) return errorResponse(id, expectedSequence());
  try {
    return { jsonrpc: '2.0', id, result: await handler(node, params) };
  } catch (error) {
    if (!(error instanceof RpcError)) console.error(`[solana-node] ${method} failed:`, error);
    return errorResponse(id, error);
  }
}
