/** Runs the key CLI against the server's data folder, the way an operator would. */
import { spawn } from 'node:child_process';
import { dataDir } from './env';
import { REPO_ROOT } from './server';

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export function runKeysCli(args: readonly string[], timeoutMs = 60_000): Promise<CliResult> {
  const folder = dataDir();
  if (!folder) throw new Error('E2E_DATA_DIR is not set: the key CLI needs the server data folder');
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    // The CLI must reach the same store as the server under test, which never has a DATABASE_URL here.
    if (name === 'DATABASE_URL' || name === 'NODE_OPTIONS' || /^(RPC_URL|MEV_RPC_URL|FORK_URL)_/.test(name)) continue;
    env[name] = value;
  }
  env.DATA_DIR = folder;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/keys.ts', ...args], {
      cwd: REPO_ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`keys ${args.join(' ')} did not finish within ${timeoutMs} ms.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exitCode: code ?? (signal ? 128 : 1) });
    });
  });
}

/** Creates a key and returns it (the CLI prints it alone on its last stdout line). */
export async function createKey(name: string, extraArgs: readonly string[] = []): Promise<{ key: string; result: CliResult }> {
  const result = await runKeysCli(['create', '--name', name, ...extraArgs]);
  if (result.exitCode !== 0) {
    throw new Error(`keys create failed (exit ${result.exitCode}).\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
  const lines = result.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const key = lines.at(-1);
  if (!key) throw new Error(`keys create printed no key.\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return { key, result };
}
