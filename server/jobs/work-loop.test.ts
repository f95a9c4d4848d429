import { describe, expect, it } from 'vitest';
import { createLogger } from '@/server/observability/logger';
import { createWorkLoop } from './work-loop';

describe('createWorkLoop', () => {
  it('stop waits for the round under way, tells it so, and runs no other round after it', async () => {
    let rounds = 0;
    let sawStopping = false;
    let finishRound: () => void = () => undefined;
    const loop = createWorkLoop(
      'test loop',
      async (control) => {
        rounds += 1;
        await new Promise<void>((resolve) => (finishRound = resolve));
        sawStopping = control.stopping();
      },
      createLogger('silent'),
    );
    loop.kick();
    loop.kick(); // asks for one more round after this one
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    finishRound();
    await stopping;
    expect({ rounds, sawStopping }).toEqual({ rounds: 1, sawStopping: true });
    loop.kick();
    await loop.drain();
    expect(rounds).toBe(1);
  });
});
