/**
 * An app instance in a process of its own, for the bridge's crash tests: it opens the services on DATA_DIR
 * and answers JSON lines on stdin (`quote`, `execute`). Its payments on the chain named by HOLD_PAYMENTS_ON
 * are stored as usual but never sent: the process writes `{ "stored": txHash }` and waits, to be killed there.
 */
import { createInterface } from 'node:readline';
import { bridgeExecuteAnswer, bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import type { ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices } from '@/server/services';
import type { BridgeChain } from '@/server/bridge/bridge-chain';

const reply = (value: unknown) =>
  process.stdout.write(`${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item))}\n`);

const services = await createServices(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
const held = process.env.HOLD_PAYMENTS_ON as ChainId | undefined;
const chain = held && services.bridge.chains[held];
if (chain) {
  services.bridge.chains[held] = Object.assign(Object.create(chain) as BridgeChain, {
    async sendPayment(payment: { txHash: string }) {
      reply({ stored: payment.txHash });
      return new Promise(() => undefined);
    },
  });
}
async function answer(request: { op: 'quote' | 'execute'; input: never }): Promise<void> {
  try {
    if (request.op === 'quote') reply(await bridgeQuoteAnswer(services.bridge, 'crash-test', request.input));
    if (request.op === 'execute') reply(await bridgeExecuteAnswer(services.bridge, request.input));
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
}

reply({ ready: true });
// Each request is answered on its own: a quote is answered while an execute still waits.
for await (const line of createInterface({ input: process.stdin })) void answer(JSON.parse(line) as Parameters<typeof answer>[0]);
