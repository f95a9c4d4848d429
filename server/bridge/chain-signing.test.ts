import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedPayment } from './bridge-chain';
import { ChainSigning, SIGNED_AHEAD_FOR_MS } from './chain-signing';

const payment = (name: string): SignedPayment => ({ txHash: `0x${name}`, raw: `0xraw${name}` });
const signedWith = (name: string) => vi.fn(async () => payment(name));

afterEach(() => {
  vi.useRealTimers();
});

describe('ChainSigning', () => {
  it('runs one turn per chain at a time, in order, and chains apart side by side', async () => {
    const signing = new ChainSigning();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = signing.inTurn('ARB', async () => {
      order.push('ARB 1 start');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      order.push('ARB 1 end');
    });
    const second = signing.inTurn('ARB', async () => {
      order.push('ARB 2');
    });
    await signing.inTurn('BASE', async () => {
      order.push('BASE 1');
    });
    await vi.waitFor(() => expect(releaseFirst).toBeDefined());
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['ARB 1 start', 'BASE 1', 'ARB 1 end', 'ARB 2']);
  });

  it('goes on after a turn that failed', async () => {
    const signing = new ChainSigning();
    await expect(
      signing.inTurn('ARB', async () => {
        throw new Error('node down');
      }),
    ).rejects.toThrow('node down');
    await expect(signing.inTurn('ARB', async () => 'next')).resolves.toBe('next');
  });

  it('hands a payment signed ahead to its own turn when no other turn started since', async () => {
    const signing = new ChainSigning();
    const sign = signedWith('ahead');
    signing.signAhead('fill:1', 'ARB', sign);
    const taken = await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'));
    expect(taken).toEqual(payment('ahead'));
    expect(sign).toHaveBeenCalledTimes(1);
    // Taken once: a second turn signs anew.
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toBeUndefined();
  });

  it('drops a payment signed ahead once another turn on its chain started (its nonce may be spent)', async () => {
    const signing = new ChainSigning();
    signing.signAhead('fill:1', 'ARB', signedWith('ahead'));
    await signing.inTurn('ARB', async () => 'another payment');
    // Another chain's turns do not count.
    signing.signAhead('fill:2', 'ARB', signedWith('ahead 2'));
    await signing.inTurn('BASE', async () => 'elsewhere');
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toBeUndefined();
    // fill:2 was signed after that turn, but the turn that took fill:1 started since.
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:2', 'ARB'))).toBeUndefined();
  });

  it('signs nothing ahead while a turn on the chain is open', async () => {
    const signing = new ChainSigning();
    let release!: () => void;
    const open = signing.inTurn(
      'ARB',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const sign = signedWith('ahead');
    signing.signAhead('fill:1', 'ARB', sign);
    expect(sign).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(release).toBeDefined());
    release();
    await open;
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toBeUndefined();
  });

  it('signs ahead again once the turns that were open have ended', async () => {
    const signing = new ChainSigning();
    await signing.inTurn('ARB', async () => 'an earlier payment');
    await expect(
      signing.inTurn('ARB', async () => {
        throw new Error('a failed one');
      }),
    ).rejects.toThrow();
    signing.signAhead('fill:1', 'ARB', signedWith('ahead'));
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toEqual(payment('ahead'));
  });

  it('hands nothing for a failed signature or to a turn on another chain', async () => {
    const signing = new ChainSigning();
    signing.signAhead('failed', 'ARB', async () => {
      throw new Error('short holdings');
    });
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('failed', 'ARB'))).toBeUndefined();

    // BASE's first turn would pass the turn count of ARB's first payment signed ahead: the chain must match too.
    const other = new ChainSigning();
    other.signAhead('other chain', 'ARB', signedWith('arb'));
    expect(await other.inTurn('BASE', () => other.takeSignedAhead('other chain', 'BASE'))).toBeUndefined();
  });

  it('hands nothing once the payment is as old as the limit, even before it is forgotten', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const signing = new ChainSigning();
    signing.signAhead('fill:1', 'ARB', signedWith('young'));
    clock.mockReturnValue(1_000_000 + SIGNED_AHEAD_FOR_MS - 1);
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toEqual(payment('young'));

    const later = new ChainSigning();
    clock.mockReturnValue(2_000_000);
    later.signAhead('fill:2', 'ARB', signedWith('old'));
    clock.mockReturnValue(2_000_000 + SIGNED_AHEAD_FOR_MS);
    expect(await later.inTurn('ARB', () => later.takeSignedAhead('fill:2', 'ARB'))).toBeUndefined();
    clock.mockRestore();
  });

  it('forgets what is not taken after the limit, but not a newer signature for the same request', async () => {
    vi.useFakeTimers();
    const signing = new ChainSigning();
    signing.signAhead('fill:1', 'ARB', signedWith('first'));
    signing.signAhead('fill:2', 'ARB', signedWith('other'));
    await vi.advanceTimersByTimeAsync(SIGNED_AHEAD_FOR_MS / 2);
    // Signed again (a second execute of the same request): the first one's timer must not take this one.
    signing.signAhead('fill:1', 'ARB', signedWith('second'));
    await vi.advanceTimersByTimeAsync(SIGNED_AHEAD_FOR_MS / 2);
    expect(signing.heldAhead).toBe(1);
    expect(await signing.inTurn('ARB', () => signing.takeSignedAhead('fill:1', 'ARB'))).toEqual(payment('second'));
    signing.signAhead('fill:3', 'ARB', signedWith('third'));
    await vi.advanceTimersByTimeAsync(SIGNED_AHEAD_FOR_MS);
    expect(signing.heldAhead).toBe(0);
  });
});
