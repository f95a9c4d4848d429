/** What the bridge's REST tests do again and again: sign a quote's transactions, execute them, read a status. */
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { RestClient } from '@/server/rest/test-support/rest-client';

/** Signs an unsigned EVM transaction the service built (a quote's deposit or approval). */
export const signQuoted = (account: PrivateKeyAccount, unsigned: string) =>
  account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

export function bridgeRestCalls<ExecuteBody, StatusBody>(client: RestClient) {
  return {
    /** Signs the quote's approval (when it has one) and deposit, and executes them over REST (200 expected). */
    async execute(
      trader: PrivateKeyAccount,
      source: string,
      quoted: { transaction: { trade: string; requestId: string; approve: string } },
    ): Promise<ExecuteBody> {
      const { approve, trade, requestId } = quoted.transaction;
      const body = { trade: await signQuoted(trader, trade), sourceChain: source, requestId, ...(approve && { approve: await signQuoted(trader, approve) }) };
      const executed = await client.post<ExecuteBody>('bridge.execute', body);
      expect(executed.status, JSON.stringify(executed.body)).toBe(200);
      return executed.body;
    },
    /** The request's status over REST (200 expected). */
    async status(requestId: string): Promise<StatusBody> {
      const answer = await client.get<StatusBody>('bridge.status', { requestId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
  };
}
