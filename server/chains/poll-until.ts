/**
 * Polls start at 1 ms and double up to 200 ms: fast blocks (and the local world's instant ones, mined a
 * moment after the send returns) are seen at once, slow chains are not polled harder than every 200 ms.
 */
export const FIRST_POLL_MS = 1;
export const MAX_POLL_MS = 200;

export interface PollOptions {
  timeoutMs: number;
  /** Asked after every empty read: true ends the wait at once (what is awaited can never come). */
  stop?: () => Promise<boolean>;
}

/** Reads until `read` gives something; undefined when the time ran out or `stop` ended the wait first. */
export async function pollUntil<T>(read: () => Promise<T | null | undefined>, options: PollOptions): Promise<T | undefined> {
  const deadline = Date.now() + options.timeoutMs;
  for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
    const found = await read();
    if (found !== null && found !== undefined) return found;
    if (options.stop && (await options.stop())) return undefined;
    if (Date.now() > deadline) return undefined;
    await sleep(poll);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
