/**
 * `npm run bench:weight` (also the last part of `npm run bench`): each page's first-load JavaScript from the
 * production build (built first when there is none), gzip and raw, as a markdown table in
 * bench/results/page-weight.md and every number in bench/results/page-weight.json. Fails (exit 1) when the
 * swap page passes its budget.
 *
 *   node --import tsx bench/page-weight.ts [--build]   (--build: build again even when a build exists)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@/e2e/support/server';
import { kB, pageWeights, SWAP_PAGE_BUDGET_BYTES } from './page-weight-measure';
import { machineInfo, markdownTable, RESULTS_DIR, writeResult } from './support';

const { values } = parseArgs({ options: { build: { type: 'boolean', default: false } } });
const nextDir = path.join(REPO_ROOT, '.next');

if (values.build || !existsSync(path.join(nextDir, 'BUILD_ID'))) {
  console.error('[weight] building the app (next build)');
  const built = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const weights = pageWeights(nextDir);
const table = markdownTable(
  ['page', 'first-load JS (gzip)', 'raw', 'files'],
  weights.map((weight) => [`\`${weight.route}\``, kB(weight.gzipBytes), kB(weight.rawBytes), weight.files.length]),
);
const swap = weights.find((weight) => weight.route === '/');
const verdict =
  swap && swap.gzipBytes <= SWAP_PAGE_BUDGET_BYTES
    ? `The swap page (\`/\`) loads ${kB(swap.gzipBytes)} of gzip JavaScript first, within its ${kB(SWAP_PAGE_BUDGET_BYTES)} budget.`
    : `The swap page (\`/\`) loads ${swap ? kB(swap.gzipBytes) : 'an unknown amount'} of gzip JavaScript first: over its ${kB(SWAP_PAGE_BUDGET_BYTES)} budget.`;
console.log(`${table}\n\n${verdict}`);
writeResult('page-weight.json', { measuredAt: new Date().toISOString(), machine: machineInfo(), budgetBytes: SWAP_PAGE_BUDGET_BYTES, pages: weights });
writeFileSync(path.join(RESULTS_DIR, 'page-weight.md'), `${table}\n\n${verdict}\n`);
if (!swap || swap.gzipBytes > SWAP_PAGE_BUDGET_BYTES) process.exit(1);
