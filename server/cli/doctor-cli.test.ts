/**
 * `npm run doctor` as an operator runs it, on a configuration with a dead SOL RPC and Jupiter without its fee
 * collector: it prints every finding and exits 1, never a stack trace.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'doctor-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runDoctor(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/doctor.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, ...env },
        timeout: 60_000,
        encoding: 'utf8',
      },
      (error: (Error & { code?: unknown }) | null, stdout: string, stderr: string) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run doctor', () => {
  it('names FEE_COLLECTOR_SOL (missing beside JUPITER_API_URL) with a dead SOL RPC, without a stack trace', async () => {
    const run = await runDoctor({ RPC_URL_SOL: 'http://127.0.0.1:9', JUPITER_API_URL: 'http://127.0.0.1:9/swap/v1', RPC_TIMEOUT_MS: '500' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FEE_COLLECTOR_SOL: FEE_COLLECTOR_SOL is not set');
    expect(run.stdout).toContain('RPC_URL_SOL');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
  }, 60_000);
});
