/**
 * A background loop over stored work (the approvals after a BUY, bridge fills and refunds): one round at a
 * time in this process, started by a timer or kicked when new work is stored. A kick during a round asks
 * for one more round right after it, so work stored mid-round is never left to the next tick.
 */
import type { Logger } from '@/server/observability/logger';

export interface WorkLoop {
  /** Look for due work now (after something was stored). */
  kick(): void;
  /** Run a round every `intervalMs` (retries, and work left by a restart or another instance). */
  start(intervalMs: number): void;
  /** No more rounds: the round under way (and only it) is finished first. */
  stop(): Promise<void>;
  /** Runs until no round is running or asked for; for tests. */
  drain(): Promise<void>;
}

/** Told to a round: whether the loop is stopping, so that a round of many items ends after the one in hand. */
export interface RoundControl {
  stopping(): boolean;
}

export function createWorkLoop(name: string, round: (control: RoundControl) => Promise<void>, logger: Logger): WorkLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const control: RoundControl = { stopping: () => stopped };

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await round(control);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => logger.error(`${name} failed`, { error }))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    kick,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    async drain() {
      kick();
      while (running) await running;
    },
  };
}
