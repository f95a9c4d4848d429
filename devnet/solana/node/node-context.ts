import type { Ledger } from './ledger/ledger';
import type { Subscriptions } from './subscriptions';

/** What every RPC method and the transaction pipeline work on: the chain and who listens to it. */
export interface NodeContext {
  ledger: Ledger;
  subscriptions: Subscriptions;
}
