import { accountMethods } from './account-methods';
import { clusterMethods } from './cluster-methods';
import { feeMethods } from './fee-methods';
import type { RpcMethod } from './rpc-method';
import { tokenMethods } from './token-methods';
import { transactionMethods } from './transaction-methods';

/** Every HTTP JSON-RPC method this node answers, by name. */
export const rpcMethods: Record<string, RpcMethod> = {
  ...clusterMethods,
  ...feeMethods,
  ...accountMethods,
  ...tokenMethods,
  ...transactionMethods,
};
