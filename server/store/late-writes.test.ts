import { describe, expect, it } from 'vitest';
import { createLateWrites } from './late-writes';

describe('late writes', () => {
  it('start only after the current turn, and a read waits for every one still running', async () => {
    const late = createLateWrites();
    const order: string[] = [];
    late.add(async () => {
      order.push('write started');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('write done');
    });
    order.push('answered');
    await Promise.resolve();
    order.push('still answering');
    await late.settled();
    order.push('read');
    expect(order).toEqual(['answered', 'still answering', 'write started', 'write done', 'read']);
  });

  it('hand a failed write to the error handler, and reads go on', async () => {
    const errors: unknown[] = [];
    const late = createLateWrites((error) => errors.push(error));
    late.add(async () => {
      throw new Error('store away');
    });
    await late.settled();
    expect(errors).toMatchObject([{ message: 'store away' }]);
    await late.settled();
  });
});
