/**
 * Bridge latency on a BASE + ARB + SOL world of its own: quotes (EVM to EVM, EVM to SOL), and execute from
 * the signed deposit to the confirmed fill, with the solver running as in the app.
 *
 *   node --import tsx bench/bridge.ts [--rounds 100] [--bridges 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { bridgeExecuteAnswer, bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { machineInfo, measure, stats, writeResult } from './support';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '100' }, bridges: { type: 'string', default: '30' } } });
const ROUNDS = Number(values.rounds);
const BRIDGES = Number(values.bridges);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bridge-'));
let world: RunningWorld | undefined;
let services: Services | undefined;
try {
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'ARB', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  const live = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
  services = live;
  live.solver.start(live.config.BRIDGE_POLL_MS);
  const trader = privateKeyToAccount(world.manifest.chains.BASE!.accounts[0]!.privateKey as Hex);
  const solRecipient = world.manifest.chains.SOL!.accounts[0]!.address;
  const quote = (destination: 'ARB' | 'SOL') => bridgeQuoteAnswer(live.bridge, 'bench', {
    source: 'BASE', destination, amount: '100000000000000000', trader: trader.address,
    recipient: destination === 'SOL' ? solRecipient : undefined,
  });

  // Deposit to fill: quote (not timed), sign, then execute until SUCCESS.
  const fills: number[] = [];
  for (let i = 0; i < BRIDGES; i++) {
    const quoted = await quote('ARB');
    const signed = await trader.signTransaction(parseTransaction(quoted.transaction.trade as Hex) as TransactionSerializableEIP1559);
    const start = performance.now();
    const result = await bridgeExecuteAnswer(live.bridge, { trade: signed, sourceChain: 'BASE', requestId: quoted.transaction.requestId });
    if (result.status !== 'SUCCESS') throw new Error(`bridge ${quoted.transaction.requestId} ended ${result.status}: ${result.error}`);
    fills.push(performance.now() - start);
  }

  const report = {
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    rounds: ROUNDS,
    quoteEvmToEvm: await measure(ROUNDS, () => quote('ARB')),
    quoteEvmToSol: await measure(ROUNDS, () => quote('SOL')),
    executeDepositToFill: stats(fills),
  };
  console.log(JSON.stringify(report, null, 2));
  writeResult('bridge.json', report);
} finally {
  await services?.close();
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
