import type { NodeContext } from '../node-context';

/** One JSON-RPC method: its positional params in, its `result` (or a thrown RpcError) out. */
export type RpcMethod = (node: NodeContext, params: unknown[]) => unknown;
