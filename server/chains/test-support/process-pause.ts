/**
 * Pausing a local node for fault tests. `kill` only queues SIGSTOP: until the kernel has stopped every
 * thread, the node may still answer a request sent right after it. These wait until /proc shows every
 * thread of the process stopped (state T), or none stopped any more after SIGCONT. Linux only.
 */
import { readdir, readFile } from 'node:fs/promises';

/** The state letter of each thread of `pid` (field 3 of /proc/<pid>/task/<tid>/stat). */
async function threadStates(pid: number): Promise<string[]> {
  const tids = await readdir(`/proc/${pid}/task`);
  const states = await Promise.all(
    tids.map(async (tid) => {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined);
      // "<tid> (<comm>) <state> ...": comm may hold spaces and parentheses, so read after the last ')'.
      return stat === undefined ? undefined : stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    }),
  );
  // A thread that exited between the listing and the read has no state.
  return states.filter((state): state is string => state !== undefined);
}

async function waitForThreads(pid: number, done: (states: string[]) => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await threadStates(pid);
    if (states.length > 0 && done(states)) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} not ${what} after ${timeoutMs} ms (thread states ${states.join('')})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const stopped = (state: string) => state === 'T' || state === 't';

/** Sends SIGSTOP and returns once every thread of the process is stopped. */
export async function pauseProcess(pid: number, timeoutMs = 5_000): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  await waitForThreads(pid, (states) => states.every(stopped), 'stopped', timeoutMs);
}

/** Sends SIGCONT and returns once no thread of the process is stopped any more. */
export async function resumeProcess(pid: number, timeoutMs = 5_000): Promise<void> {
  process.kill(pid, 'SIGCONT');
  await waitForThreads(pid, (states) => !states.some(stopped), 'running', timeoutMs);
}
