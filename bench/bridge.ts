/**
 * Bridge latency on a BASE + ARB + SOL world of its own: quotes (EVM to EVM, EVM to SOL, a token bridge), and
 * execute from the signed deposit to the confirmed fill for a native bridge and a token bridge (USDC on BASE to
 * BETA on ARB, filled through a destination swap), in turn with the two raw transfers both are held against,
 * with the solver running as in the app.
 *
 *   node --import tsx bench/bridge.ts [--rounds 100] [--bridges 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { nativeBridge, rawTransfers, tokenBridge } from './bridge-runs';
import { machineInfo, measure, stats, writeResult } from './support';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '100' }, bridges: { type: 'string', default: '30' } } });
const ROUNDS = Number(values.rounds);
const BRIDGES = Number(values.bridges);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bridge-'));
let world: RunningWorld | undefined;
let services: Services | undefined;
try {
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'ARB', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  const { manifest } = world;
  const live = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
  services = live;
  live.solver.start(live.config.BRIDGE_POLL_MS);
  const native = await nativeBridge(live, manifest, 0);
  const token = await tokenBridge(live, manifest);
  const transfers = rawTransfers(manifest);
  const solQuote = () =>
    bridgeQuoteAnswer(live.bridge, 'bench', {
      source: 'BASE',
      destination: 'SOL',
      amount: String(10n ** 17n),
      trader: manifest.chains.BASE!.accounts[0]!.address,
      recipient: manifest.chains.SOL!.accounts[0]!.address,
    });

  const samples = { native: [] as number[], token: [] as number[], base: [] as number[], arb: [] as number[] };
  for (let i = 0; i < BRIDGES; i++) {
    samples.native.push((await native.run()).ms);
    samples.token.push((await token.run()).ms);
    const raw = await transfers();
    samples.base.push(raw.base);
    samples.arb.push(raw.arb);
  }
  const rawTransfer = stats(samples.base.map((base, index) => base + samples.arb[index]!));
  const report = {
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    rounds: ROUNDS,
    quoteEvmToEvm: await measure(ROUNDS, native.quote),
    quoteEvmToSol: await measure(ROUNDS, solQuote),
    quoteToken: await measure(ROUNDS, token.quote),
    executeDepositToFill: stats(samples.native),
    tokenDepositToFill: stats(samples.token),
    rawTransfersBaseThenArb: rawTransfer,
    ratios: {
      native: Math.round((stats(samples.native).p50Ms / rawTransfer.p50Ms) * 100) / 100,
      token: Math.round((stats(samples.token).p50Ms / rawTransfer.p50Ms) * 100) / 100,
    },
  };
  console.log(JSON.stringify(report, null, 2));
  writeResult('bridge.json', report);
} finally {
  await services?.close();
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
