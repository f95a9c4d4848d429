import { describe, expect, it } from 'vitest';
import type { EvmLog } from './evm-schemas';
import { erc20Transfers, TRANSFER_TOPIC } from './evm-transaction-view';

const TOKEN = '0x1111111111111111111111111111111111111111';
const FROM = '0x2222222222222222222222222222222222222222';
const TO = '0x3333333333333333333333333333333333333333';
const topic = (address: string): `0x${string}` => `0x${address.slice(2).padStart(64, '0')}`;
const amount = (value: bigint): `0x${string}` => `0x${value.toString(16).padStart(64, '0')}`;

function log(topics: `0x${string}`[], data: `0x${string}`): EvmLog {
  return { address: TOKEN, topics, data, transactionHash: `0x${'aa'.repeat(32)}`, blockNumber: 1n, blockTimestamp: undefined };
}

describe('ERC-20 transfers in a receipt', () => {
  it('reads the token, sender, recipient and amount of each Transfer event', () => {
    expect(erc20Transfers([log([TRANSFER_TOPIC, topic(FROM), topic(TO)], amount(1_500_000n))])).toEqual([
      { token: TOKEN, from: FROM, to: TO, amount: 1_500_000n },
    ]);
  });

  it('leaves out other events and ERC-721 transfers (the token id indexed, no data)', () => {
    const approval = log([`0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925`, topic(FROM), topic(TO)], amount(1n));
    const nft = log([TRANSFER_TOPIC, topic(FROM), topic(TO), amount(7n)], '0x');
    expect(erc20Transfers([approval, nft])).toEqual([]);
  });
});
