export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, message);
export const parseError = () => new RpcError(-32700, 'Parse error');
export const invalidRequest = () => new RpcError(-32600, 'Invalid request');
export const methodNotFound = () => new RpcError(-32601, 'Method not found');

export type JsonRpcId = string | number | null;
export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export function errorResponse(id: JsonRpcId, error: unknown): JsonRpcResponse {
  if (error instanceof RpcError) {
    return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
  }
  return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } };
}
