/**
 * Writes started once the current answer is on its way (the next turn of the event loop), for outcomes the
 * chain holds already (a mined trade, a confirmed fill): storing them is not on the caller's wait. Reads in
 * this process wait for the writes still running, so they never see the row as it stood before.
 */
export interface LateWrites {
  add(write: () => Promise<unknown>): void;
  /** Resolves once every write added so far has finished (successfully or not). */
  settled(): Promise<void>;
}

export function createLateWrites(onError: (error: unknown) => void = () => undefined): LateWrites {
  const running = new Set<Promise<unknown>>();
  return {
    add(write) {
      const done: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
        .then(write)
        .catch(onError)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      if (running.size > 0) await Promise.all(running);
    },
  };
}
