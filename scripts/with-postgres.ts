/**
 * A throwaway PostgreSQL server for tests.
 *
 *   import { startPostgres } from './with-postgres';   // { url, stop() }
 *   node --import tsx scripts/with-postgres.ts -- <command...>
 *
 * The script form runs the command with TEST_DATABASE_URL set, then stops the server and exits with the
 * command's code. The server listens on 127.0.0.1 (a free port, trust auth) with its unix socket and data
 * in a temporary folder, all removed on stop. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface RunningPostgres {
  /** postgres://postgres@127.0.0.1:<port>/test */
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'test';
const READY_TIMEOUT_MS = 30_000;

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = findPostgresBin();
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
  const root = await mkdtemp(path.join(tmpdir(), 'pg-test-'));
  const dataDir = path.join(root, 'data');
  let started = false;

  // Last resort when the process exits without stop() (an uncaught error, process.exit in a test runner):
  // only synchronous work is possible here.
  const onExit = () => {
    if (started) killLeftoverPostmaster(dataDir);
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    if (started) {
      await run(runAs, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']).catch(() => undefined);
      killLeftoverPostmaster(dataDir);
    }
    await rm(root, { recursive: true, force: true });
  };

  try {
    if (runAs) await chown(root, runAs.uid, runAs.gid);
    await run(runAs, path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // A free port can be taken between probing and binding; try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        '-h 127.0.0.1',
        `-k ${root}`,
        // Test data is disposable: skip the work that makes it crash-safe.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=100',
      ].join(' ');
      try {
        started = true;
        await run(runAs, path.join(bin, 'pg_ctl'), [
          '-D',
          dataDir,
          '-l',
          path.join(root, 'server.log'),
          '-o',
          options,
          '-w',
          '-t',
          String(READY_TIMEOUT_MS / 1000),
          'start',
        ]);
      } catch (error) {
        if (attempt >= 3) throw new Error(`PostgreSQL did not start:\n${readLog(root)}`, { cause: error });
        await run(runAs, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
        continue;
      }
      const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`create database ${DATABASE}`);
      } finally {
        await admin.end();
      }
      return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, stop: once(stop) };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Where initdb and pg_ctl live: PATH first, then Debian's /usr/lib/postgresql/<version>/bin (newest). */
function findPostgresBin(): string {
  const candidates = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in /usr/lib/postgresql/*/bin. ' +
        'Install them (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to an existing server.',
    );
  }
  return found;
}

interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

function postgresUser(): OsUser {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { name: 'postgres', uid, gid };
  } catch {
    throw new Error('Running as root, and there is no "postgres" user to run PostgreSQL as (it refuses root).');
  }
}

/** Runs a PostgreSQL program (as `user` when given) and rejects with its output when it fails. */
function run(user: OsUser | undefined, program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = user ? ['runuser', ['-u', user.name, '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    // pg_ctl start leaves the server running with our stdio; hand it none so this process can exit.
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(program)} ${args.join(' ')} failed (${signal ?? code}):\n${output}`));
    });
  });
}

/** If pg_ctl could not stop the server, kill the postmaster named in its pid file. */
function killLeftoverPostmaster(dataDir: string): void {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function readLog(root: string): string {
  try {
    return readFileSync(path.join(root, 'server.log'), 'utf8');
  } catch {
    return '(no server log)';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= fn());
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] === '--' ? argv.slice(1) : argv;
  if (command.length === 0) {
    process.stderr.write('Usage: node --import tsx scripts/with-postgres.ts -- <command...>\n');
    return 2;
  }
  let child: ChildProcess | undefined;
  let interrupted: NodeJS.Signals | undefined;
  // Handled from the start, so a signal while the server boots still ends in stop() below. The command gets
  // the signal and finishes; a second signal kills it.
  const onSignal = (signal: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(interrupted ? 'SIGKILL' : signal);
    interrupted ??= signal;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const server = await startPostgres();
    try {
      if (interrupted) return 128 + signalNumber(interrupted);
      const running = spawn(command[0]!, command.slice(1), {
        stdio: 'inherit',
        env: { ...process.env, TEST_DATABASE_URL: server.url },
      });
      child = running;
      return await new Promise<number>((resolve, reject) => {
        running.on('error', reject);
        running.on('exit', (code, signal) => resolve(code ?? 128 + signalNumber(signal)));
      });
    } finally {
      await server.stop();
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function signalNumber(signal: NodeJS.Signals | null): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return (signal && numbers[signal]) ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`with-postgres: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
