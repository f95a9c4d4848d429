/** Node answers with and without the optional fields some nodes add. */
import { describe, expect, it } from 'vitest';
import { logSchema, receiptSchema } from './evm-schemas';

const log = { address: '0x00000000000000000000000000000000000000a1', topics: [], data: '0x', transactionHash: '0x01', blockNumber: '0x2' };

describe('EVM answer schemas', () => {
  it('read a log or receipt without a block time (most nodes leave it out) as having none', () => {
    expect(logSchema.parse(log).blockTimestamp).toBeUndefined();
    expect(receiptSchema.parse({ status: '0x1', blockNumber: '0x2', logs: [log] }).blockTimestamp).toBeUndefined();
  });

  it('read a block time given as hex (the newer spec) or as a number (anvil), and anything else as none', () => {
    expect(logSchema.parse({ ...log, blockTimestamp: '0x10' }).blockTimestamp).toBe(16n);
    expect(logSchema.parse({ ...log, blockTimestamp: 16 }).blockTimestamp).toBe(16n);
    expect(logSchema.parse({ ...log, blockTimestamp: 'soon' }).blockTimestamp).toBeUndefined();
  });
});
