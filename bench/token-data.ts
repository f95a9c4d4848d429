/**
 * Token data latency on a BASE + SOL world of its own: a v2 price estimate against a v2 quote for the same
 * trade (the estimate runs no simulation), and token-info with and without the audit.
 *
 *   node --import tsx bench/token-data.ts [--rounds 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { tokenInfoInput, v2ValueInput } from '@/server/api/contract/tokens';
import { v2QuoteInput } from '@/server/api/contract/trading';
import { tokenInfoAnswer, v2ValueAnswer } from '@/server/api/handlers/tokens';
import { v2QuoteAnswer } from '@/server/api/handlers/trading';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { machineInfo, measure, writeResult } from './support';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const ROUNDS = Number(values.rounds);
const NATIVE = '0x0000000000000000000000000000000000000000';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-token-data-'));
let world: RunningWorld | undefined;
let services: Services | undefined;
try {
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  services = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
  const base = world.manifest.chains.BASE!;
  const alpha = base.tokens.find((token) => token.symbol === 'ALPHA')!.address;
  const tax = base.tokens.find((token) => token.symbol === 'TAX')!.address;
  const trader = base.accounts[0]!.address;
  const live = services;
  const report = {
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    rounds: ROUNDS,
    quoteV2: await measure(ROUNDS, () =>
      v2QuoteAnswer(live, v2QuoteInput.parse({ chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: '100000000000000000', slippage: 100, trader })),
    ),
    valueV2: await measure(ROUNDS, () => v2ValueAnswer(live, v2ValueInput.parse({ chain: 'BASE', tokenIn: NATIVE, tokenOut: alpha, amount: 0.1 }))),
    tokenInfoWithAudit: await measure(ROUNDS, () => tokenInfoAnswer(live, tokenInfoInput.parse({ chain: 'BASE', token: tax }))),
    tokenInfoWithoutAudit: await measure(ROUNDS, () => tokenInfoAnswer(live, tokenInfoInput.parse({ chain: 'BASE', token: tax, audit: 'false' }))),
  };
  console.log(JSON.stringify(report, null, 2));
  writeResult('token-data.json', report);
} finally {
  await services?.close();
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
