import { describe, expect, it } from 'vitest';
import { droppedWatch } from './dropped-watch';

/** A clock the test moves, and answers the test scripts one reading at a time. */
function scripted(nonceUsed: boolean[], landed: boolean[]) {
  let time = 0;
  const watch = droppedWatch({ nonceUsed: async () => nonceUsed.shift() ?? true, landed: async () => landed.shift() ?? false }, 1_000, () => time);
  return { watch, advance: (ms: number) => (time += ms) };
}

describe('a payment counts as dropped', () => {
  it('only once its nonce has been used by something else, without a receipt of its own, for the whole grace', async () => {
    const { watch, advance } = scripted([], []);
    expect(await watch()).toBe(false);
    advance(999);
    expect(await watch()).toBe(false);
    advance(1);
    expect(await watch()).toBe(true);
  });

  it('never when its receipt shows up after the node already reported the used nonce', async () => {
    // The node's state is ahead of its receipts for a moment: the nonce reads used, the receipt is not there yet.
    const { watch, advance } = scripted([true, true, true], [false, true, true]);
    expect(await watch()).toBe(false);
    advance(5_000);
    expect(await watch()).toBe(false);
    advance(5_000);
    expect(await watch()).toBe(false);
  });

  it('reads nothing in the quiet time after the send, then watches as ever', async () => {
    let time = 0;
    let readings = 0;
    const watch = droppedWatch({ nonceUsed: async () => (readings++, true), landed: async () => (readings++, false) }, 1_000, () => time, 200);
    expect(await watch()).toBe(false);
    time = 199;
    expect(await watch()).toBe(false);
    expect(readings).toBe(0);
    time = 200;
    expect(await watch()).toBe(false);
    expect(readings).toBe(2);
    time = 1_200;
    expect(await watch()).toBe(true);
  });

  it('not while the nonce is still free, and the grace starts over when a reading finds it free again', async () => {
    const { watch, advance } = scripted([false, true, false, true, true], []);
    expect(await watch()).toBe(false);
    expect(await watch()).toBe(false);
    advance(2_000);
    expect(await watch()).toBe(false);
    expect(await watch()).toBe(false);
    advance(1_000);
    expect(await watch()).toBe(true);
  });
});
