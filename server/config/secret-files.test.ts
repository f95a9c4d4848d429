import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { readSecretFiles, SECRET_SETTINGS } from './secret-files';

const dir = mkdtempSync(path.join(tmpdir(), 'secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

const SOLVER_KEY = `0x${'ab'.repeat(32)}`;
const APP_SECRET = 's'.repeat(48);
const DATABASE_URL = 'postgres://app:hunter2@db:5432/app';

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: 'memory://', ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('secrets from files', () => {
  it('reads each <NAME>_FILE into <NAME>, trimmed as mounted secrets end with a newline', () => {
    const config = loadConfig({
      DATA_DIR: 'memory://',
      SOLVER_PRIVATE_KEY_FILE: secretFile('solver', `${SOLVER_KEY}\n`),
      APP_SECRET_FILE: secretFile('app-secret', `  ${APP_SECRET}\r\n`),
      DATABASE_URL_FILE: secretFile('database-url', `${DATABASE_URL}\n`),
    });
    expect(config.SOLVER_PRIVATE_KEY).toBe(SOLVER_KEY);
    expect(config.APP_SECRET).toBe(APP_SECRET);
    expect(config.DATABASE_URL).toBe(DATABASE_URL);
  });

  it('covers every secret setting, the Solana solver key and the RPC URLs included', () => {
    for (const name of ['APP_SECRET', 'DATABASE_URL', 'SOLVER_PRIVATE_KEY', 'SOLVER_SECRET_KEY_SOL', 'JUPITER_API_KEY', 'RPC_URL_BASE']) {
      expect(SECRET_SETTINGS).toContain(name);
    }
    const config = loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE_FILE: secretFile('rpc', 'http://user:pass@rpc.example/v2/key\n') });
    expect(config.chains.BASE.rpcUrls).toEqual(['http://user:pass@rpc.example/v2/key']);
  });

  it('refuses both <NAME> and <NAME>_FILE, naming both', () => {
    const message = configError({ APP_SECRET, APP_SECRET_FILE: secretFile('both', APP_SECRET) });
    expect(message).toContain('APP_SECRET and APP_SECRET_FILE are both set');
  });

  it('names the variable of an unreadable or empty file, never the content', () => {
    expect(configError({ SOLVER_PRIVATE_KEY_FILE: path.join(dir, 'missing') })).toContain('SOLVER_PRIVATE_KEY_FILE: the file it names cannot be read (ENOENT)');
    expect(configError({ DATABASE_URL_FILE: dir })).toContain('DATABASE_URL_FILE: the file it names cannot be read (EISDIR)');
    expect(configError({ APP_SECRET_FILE: secretFile('empty', ' \n') })).toContain('APP_SECRET_FILE: the file it names is empty');
    if (process.getuid?.() !== 0) {
      const unreadable = secretFile('unreadable', APP_SECRET);
      chmodSync(unreadable, 0o000);
      expect(configError({ APP_SECRET_FILE: unreadable })).toContain('APP_SECRET_FILE: the file it names cannot be read (EACCES)');
    }
    // A malformed secret from a file is refused by the setting's own rule, which never quotes the value.
    const malformed = configError({ SOLVER_PRIVATE_KEY_FILE: secretFile('malformed', 'not-a-key-but-secret-text') });
    expect(malformed).toContain('SOLVER_PRIVATE_KEY');
    expect(malformed).not.toContain('not-a-key-but-secret-text');
  });

  it('leaves the environment alone when no file is named', () => {
    const env = { APP_SECRET, OTHER: 'x' };
    expect(readSecretFiles(env)).toEqual({ env, problems: [] });
  });
});
