/**
 * Runs every test the project has, in order of cost: types, unit tests, integration tests on real local
 * nodes and a real PostgreSQL, the lint and format checks, the production build, and the browser and HTTP
 * end-to-end suites.
 * Prints one closing line with the totals.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureTestWorld, startOwnWorld, type TestWorld } from '../devnet/test-world';
import { startPostgres } from './with-postgres';

// This machine, like CI, has no route to Next's telemetry endpoint.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const bin = (name: string) => path.join('node_modules', '.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'test-reports-'));

/** What a failed run is shown by at the end, beside the totals: where a CI log is cut, its end is what remains. */
const digest: string[] = [];
const TAIL_LINES = 60;

/**
 * Runs a command to its exit code, its output passed on as it comes (or, `buffered`, held and printed in one
 * block when it ends, so a suite running beside another does not interleave with it). The output's last lines
 * are kept for the digest.
 */
function run(command: string, args: string[], env: Record<string, string> = {}, buffered = false): Promise<{ code: number; tail: string }> {
  const header = `\n$ ${command} ${args.join(' ')}`;
  if (!buffered) console.log(header);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    const take = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      output.push(chunk);
      if (!buffered) target.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const text = Buffer.concat(output).toString();
      if (buffered) process.stdout.write(`${header}\n${text}`);
      resolve({ code: code ?? (signal ? 1 : 0), tail: text.split('\n').slice(-TAIL_LINES).join('\n') });
    });
  });
}

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Tally = { passed: 0, failed: 0, skipped: 0 };

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

const firstLine = (text: string | undefined) => (text ?? '').trim().split('\n')[0]!.slice(0, 300);

/** Adds a vitest JSON report to the totals; its failures, or the run's last lines when it wrote none, to the digest. */
function addVitest(step: string, file: string, tail: string) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const result of report.testResults ?? []) {
      const failed = (result.assertionResults ?? []).filter((assertion) => assertion.status === 'failed');
      for (const assertion of failed)
        digest.push(`${step}: ${path.relative(process.cwd(), result.name)} > ${assertion.fullName}: ${firstLine(assertion.failureMessages?.[0])}`);
      if (failed.length === 0 && result.message) digest.push(`${step}: ${path.relative(process.cwd(), result.name)}: ${firstLine(result.message)}`);
    }
  } catch {
    totals.failed += 1;
    digest.push(`${step}: wrote no report; its output ended with:\n${tail}`);
  }
}

function addPlaywright(file: string, tail: string) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (report.stats.unexpected > 0) digest.push(`e2e: ${report.stats.unexpected} failed; the run ended with:\n${tail}`);
  } catch {
    totals.failed += 1;
    digest.push(`e2e: wrote no report; its output ended with:\n${tail}`);
  }
}

async function main() {
  const failedSteps: string[] = [];
  const step = async (name: string, ran: Promise<{ code: number; tail: string }>) => {
    const { code, tail } = await ran;
    if (code !== 0) failedSteps.push(name);
    return tail;
  };

  // The type check is one core's work for most of its run: the unit tests take the other.
  const unitReport = path.join(reports, 'unit.json');
  const [typecheckTail, unitTail] = await Promise.all([
    step('typecheck', run(bin('tsc'), ['--noEmit', '-p', '.'], {}, true)),
    step(
      'unit',
      run(
        bin('vitest'),
        ['run', '--project', 'unit', '--project', 'unit-mocking', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
        {},
        true,
      ),
    ),
  ]);
  addCheck('typecheck', typecheckTail, failedSteps);
  addVitest('unit', unitReport, unitTail);

  // The types were checked above (the same tsconfig): the build need not check them again.
  const buildTail = await step('build', run(bin('next'), ['build'], { BUILD_TYPES_CHECKED: '1' }));
  const buildFailed = failedSteps.includes('build');
  if (buildFailed) digest.push(`build:\n${buildTail}`);

  // Three local chain worlds: one for each half of the integration files, one for the end-to-end suites, so
  // that all three run at the same time without trading on each other's pools.
  const worldStarted = performance.now();
  // The first alone: on a fresh machine it builds the snapshot the others boot from.
  const worlds = [await startWorld(ensureTestWorld)];
  try {
    worlds.push(...(await Promise.all([startWorld(() => startOwnWorld()), startWorld(() => startOwnWorld())])));
    const [shared, secondHalf, e2eWorld] = worlds.map((world) => world.manifestPath);
    console.log(`\nLocal chain worlds up in ${Math.round(performance.now() - worldStarted)} ms: ${worlds.map((world) => world.manifestPath).join(', ')}`);
    const checks = codeChecks(step, failedSteps);
    await runChainSuites(step, buildFailed, { intHalves: [shared!, secondHalf!], e2e: e2eWorld! });
    await checks;
  } finally {
    await Promise.all(worlds.map((world) => world.stop()));
  }

  rmSync(reports, { recursive: true, force: true });
  if (digest.length > 0) console.log(`\nWhat failed:\n${digest.map((entry) => `- ${entry}`).join('\n')}`);
  console.log(failedSteps.length > 0 ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
  console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
}

/** A check that is one step, not a suite of tests (types, lint, format): one passed or failed in the totals. */
function addCheck(name: string, tail: string, failedSteps: string[]) {
  if (failedSteps.includes(name)) {
    totals.failed += 1;
    digest.push(`${name}:\n${tail}`);
  } else {
    totals.passed += 1;
  }
}

/**
 * The lint (about two and a half minutes of one core: its type-aware rules build the whole program, as tsc
 * does) and the format check, one after the other, at a lower priority beside the integration suites, whose
 * processes mostly wait on chains and servers. No `--cache`: a type-aware rule's finding in one file can change
 * when another file's types do, which a per-file cache does not see, and CI starts from a fresh clone anyway.
 */
async function codeChecks(step: (name: string, ran: Promise<{ code: number; tail: string }>) => Promise<string>, failedSteps: string[]) {
  const started = performance.now();
  addCheck('lint', await step('lint', run('nice', ['-n', '10', bin('eslint'), '.'], {}, true)), failedSteps);
  console.log(`\nLint took ${Math.round((performance.now() - started) / 1000)} s`);
  addCheck('format', await step('format', run('nice', ['-n', '10', bin('prettier'), '--check', '.'], {}, true)), failedSteps);
}

/**
 * One of the run's worlds; a start that fails (a node that did not answer in time on a loaded machine) is said
 * with its cause and tried once more, since without a world no later suite can run at all.
 */
async function startWorld(start: () => Promise<TestWorld>): Promise<TestWorld> {
  try {
    return await start();
  } catch (error) {
    console.error('\nA local chain world did not start; starting it again once. The cause:', error);
    return start();
  }
}

async function runChainSuites(
  step: (name: string, ran: Promise<{ code: number; tail: string }>) => Promise<string>,
  buildFailed: boolean,
  manifests: { intHalves: [string, string]; e2e: string },
) {
  const postgres = await startPostgres();
  try {
    const suite = (name: string, args: string[], env: Record<string, string>, buffered: boolean) => {
      const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
      const ran = run(
        bin('vitest'),
        ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
        {
          TEST_DATABASE_URL: postgres.url,
          ...env,
        },
        buffered,
      );
      return step(name, ran).then((tail) => addVitest(name, report, tail));
    };
    // The shared world's files mostly wait on chains and servers (their process used about a third of a core
    // in a run), one file at a time: their two halves run at once, each on a world of its own. The files that
    // start everything they use run beside them; once those are done, the end-to-end suites, on a world of
    // their own, take the cores the others leave, at a lower priority.
    const halves = manifests.intHalves.map((manifest, index) =>
      suite(`integration ${index + 1}/2`, ['--project', 'int', `--shard=${index + 1}/2`], { DEVNET_MANIFEST: manifest }, index > 0),
    );
    const isolated = suite('integration (isolated)', ['--project', 'int-isolated'], {}, true);
    await Promise.all([...halves, isolated.then(() => endToEnd(step, buildFailed, manifests.e2e))]);
  } finally {
    await postgres.stop();
  }
}

async function endToEnd(step: (name: string, ran: Promise<{ code: number; tail: string }>) => Promise<string>, buildFailed: boolean, manifest: string) {
  if (buildFailed) {
    totals.failed += 1;
    return;
  }
  const e2eReport = path.join(reports, 'e2e.json');
  // `nice` is in every Debian and CI image; its children (the server, the browsers) inherit the priority.
  const ran = run(
    'nice',
    ['-n', '10', bin('playwright'), 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, DEVNET_MANIFEST: manifest },
    true,
  );
  addPlaywright(e2eReport, await step('e2e', ran));
}

main().catch((error: unknown) => {
  if (digest.length > 0) console.log(`\nWhat failed:\n${digest.map((entry) => `- ${entry}`).join('\n')}`);
  console.error(error);
  console.log(`Total: ${totals.passed} passed, ${totals.failed + 1} failed, ${totals.skipped} skipped`);
  process.exit(1);
});
