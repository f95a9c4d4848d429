/**
 * One faucet payment at a time per chain: they all spend from the same treasury nonce sequence. Held by the
 * local world the composition root builds (server/services.ts), so each services instance orders its own.
 */
import type { ChainId } from '@/server/chains/registry';

export interface FaucetQueue {
  /** Runs `task` once the chain's earlier payments have settled (whether or not they succeeded). */
  serialized<T>(chain: ChainId, task: () => Promise<T>): Promise<T>;
}

export function createFaucetQueue(): FaucetQueue {
  const queues = new Map<ChainId, Promise<unknown>>();
  return {
    serialized(chain, task) {
      const previous = queues.get(chain) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(task);
      queues.set(chain, next);
      return next;
    },
  };
}
