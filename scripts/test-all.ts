/**
 * Runs every test the project has, in order of cost: types, unit tests, integration tests on real local
 * nodes and a real PostgreSQL, the production build, and the browser and HTTP end-to-end suites.
 * Prints one closing line with the totals.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureTestWorld } from '../devnet/test-world';
import { startPostgres } from './with-postgres';

// This machine, like CI, has no route to Next's telemetry endpoint.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'test-reports-'));

/**
 * Runs a command to its exit code. With `buffered`, its output is held and printed in one block when it
 * ends, so a suite running beside another does not interleave with it.
 */
function run(command: string, args: string[], env: Record<string, string> = {}, buffered = false): Promise<number> {
  const header = `\n$ ${command} ${args.join(' ')}`;
  if (!buffered) console.log(header);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (buffered) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

interface Tally { passed: number; failed: number; skipped: number }
const totals: Tally = { passed: 0, failed: 0, skipped: 0 };

function addVitest(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function addPlaywright(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

async function main() {
  const failedSteps: string[] = [];
  const step = async (name: string, exitCode: Promise<number>) => {
    if ((await exitCode) !== 0) failedSteps.push(name);
  };

  await step('typecheck', run(bin('tsc'), ['--noEmit', '-p', '.']));

  const unitReport = path.join(reports, 'unit.json');
  await step('unit', run(bin('vitest'), ['run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]));
  addVitest(unitReport);

  // The types were checked above (the same tsconfig): the build need not check them again.
  const buildFailed = (await run(bin('next'), ['build'], { BUILD_TYPES_CHECKED: '1' })) !== 0;
  await step('build', Promise.resolve(buildFailed ? 1 : 0));

  // One local chain world for the integration and end-to-end suites (their setups reuse it via env).
  const worldStarted = performance.now();
  const world = await startTestWorld();
  console.log(`\nLocal chain world up in ${Math.round(performance.now() - worldStarted)} ms: ${world.manifestPath}`);
  try {
    await runChainSuites(step, buildFailed);
  } finally {
    await world.stop();
  }

  rmSync(reports, { recursive: true, force: true });
  console.log(failedSteps.length > 0 ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
  console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
}

/**
 * The run's world; a start that fails (a node that did not answer in time on a loaded machine) is said with its
 * cause and tried once more, since without a world no later suite can run at all.
 */
async function startTestWorld(): Promise<Awaited<ReturnType<typeof ensureTestWorld>>> {
  try {
    return await ensureTestWorld();
  } catch (error) {
    console.error('\nThe local chain world did not start; starting it again once. The cause:', error);
    return ensureTestWorld();
  }
}

async function runChainSuites(step: (name: string, exitCode: Promise<number>) => Promise<void>, buildFailed: boolean) {
  const postgres = await startPostgres();
  try {
    // The files that start everything they use run beside the shared world's files, which go one at a time.
    const suite = (project: string, buffered: boolean) => {
      const report = path.join(reports, `${project}.json`);
      const exit = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
        TEST_DATABASE_URL: postgres.url,
      }, buffered);
      return step(project === 'int' ? 'integration' : 'integration (isolated)', exit).then(() => addVitest(report));
    };
    await Promise.all([suite('int', false), suite('int-isolated', true)]);
  } finally {
    await postgres.stop();
  }

  if (!buildFailed) {
    const e2eReport = path.join(reports, 'e2e.json');
    await step('e2e', run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport }));
    addPlaywright(e2eReport);
  } else {
    totals.failed += 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  console.log(`Total: ${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`);
  process.exit(1);
});
